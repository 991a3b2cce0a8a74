import { formatMoment, moneyText } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { payoutsCsvUrl } from '../api/money.js';
import { markPayoutPaid, rejectPayout, usePayoutPages } from '../api/staff.js';
import { useMoneyTexts } from '../money-texts.js';
import { useStaffTexts } from '../texts.js';
import { ActionButton, ActionError, RejectForm, useRequestOnce } from './actions.jsx';
import { AuditLink } from './audit-link.jsx';
import { ListState, MorePages, SORTS, SearchForm, SortSelect, StatusFilter, useListParams } from './list-state.jsx';
import { StatusPill } from '../../../components/status-pill.jsx';
import { DataTable } from '../../../components/data-table.jsx';

const STATUSES = ['requested', 'paid', 'rejected'];

/** PayoutRow is one payout; a requested one can be marked paid or rejected with a reason. */
export function PayoutRow({ payout, request: given }) {
  const lang = useLanguage();
  const t = useStaffTexts();
  const [request, state] = useRequestOnce(given);
  const current = state.result ?? payout;
  return (
    <tr data-payout-id={payout.id} data-status={current.status}>
      <td data-label={t('payouts.translator')}>{payout.translatorName || payout.translatorId}</td>
      <td data-label={t('payouts.amount')}>{moneyText(lang, payout.amount)}</td>
      <td data-label={t('payouts.iban')}>
        <span className="staff-mono">{payout.iban}</span>
      </td>
      <td data-label={t('payouts.holder')}>{payout.holder}</td>
      <td data-label={t('payouts.requested')}>{formatMoment(lang, payout.requestedAt)}</td>
      <td data-label={t('payouts.actions')}>
        {current.status === 'requested' ? (
          <div className="staff-actions">
            <ActionButton request={request} state={state} what="paid" send={() => markPayoutPaid(payout.id, lang)}>
              {t('payouts.paid')}
            </ActionButton>
            <RejectForm request={request} state={state} max={500} send={(reason) => rejectPayout(payout.id, reason, lang)} />
          </div>
        ) : (
          <p role={state.result ? 'status' : undefined}>
            <StatusPill domain="payout" status={current.status} label={state.result ? t(current.status === 'paid' ? 'payouts.donePaid' : 'payouts.doneRejected') : t(`payouts.statuses.${current.status}`)} />
            {current.reason && ` – ${current.reason}`}
          </p>
        )}
        <ActionError state={state} />
        <AuditLink area="billing" kind="payout" id={payout.id} />
      </td>
    </tr>
  );
}

/** Payouts is the translators' payouts by status, requested first (svc-billing admin/payouts), oldest first unless chosen otherwise, searched, 50 a page. */
export function Payouts() {
  const lang = useLanguage();
  const t = useStaffTexts();
  const words = useMoneyTexts();
  const [{ status, q, sort }, change] = useListParams({ status: 'requested', q: '', sort: 'oldest' }, { status: STATUSES, sort: SORTS.default });
  const { data, error, isLoading, isValidating, size, setSize, mutate } = usePayoutPages(lang, { status, q, sort });
  const payouts = (data ?? []).flatMap((p) => p?.payouts ?? []);
  const more = data?.at(-1)?.more;
  return (
    <>
      <StatusFilter statuses={STATUSES} value={status} onChange={(v) => change({ status: v })} texts={(s) => t(`payouts.statuses.${s}`)} />
      <SortSelect value={sort} onChange={(v) => change({ sort: v })} />
      <SearchForm label={t('payouts.searchLabel')} value={q} onSearch={(v) => change({ q: v })} maxLength={100} />
      <ListState loading={isLoading} error={error} empty={!isLoading && !error && payouts.length === 0} retry={mutate} />
      {payouts.length > 0 && (
        <p>
          {/* The bank's file of the payouts shown (svc-billing admin/payouts.csv), downloaded with the session's cookie. */}
          <a href={payoutsCsvUrl(status, { q, sort })} download className="button button--small button--ghost" data-testid="payouts-csv">
            {words('payouts.csv')}
          </a>{' '}
          <span className="field__hint">{words('payouts.csvHint')}</span>
        </p>
      )}
      {payouts.length > 0 && (
        <DataTable rows="boxed">
          <thead>
            <tr>
              {['translator', 'amount', 'iban', 'holder', 'requested', 'actions'].map((k) => (
                <th key={k} scope="col">{t(`payouts.${k}`)}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {payouts.map((p) => (
              <PayoutRow key={p.id} payout={p} />
            ))}
          </tbody>
        </DataTable>
      )}
      <MorePages pages={{ size, setSize, isValidating }} more={more} testid="payouts-more" />
    </>
  );
}
