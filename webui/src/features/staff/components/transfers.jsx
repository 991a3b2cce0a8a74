import { formatMoment, moneyText } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { confirmTransfer, rejectTransfer, useTransferPages } from '../api/staff.js';
import { useStaffTexts } from '../texts.js';
import { ActionButton, ActionError, RejectForm, useRequestOnce } from './actions.jsx';
import { AuditLink } from './audit-link.jsx';
import { ListState, MorePages, SORTS, SearchForm, SortSelect, useListParams } from './list-state.jsx';
import { CustomerLink } from './orders.jsx';
import { useUserNames } from '../api/customers.js';
import { StatusPill } from '../../../components/status-pill.jsx';
import { DataTable } from '../../../components/data-table.jsx';

/** TransferRow is one declared transfer with Confirm and Reject; once decided it says so. request: tests pass their own. */
export function TransferRow({ transfer, onDecided, customerName, request: given }) {
  const lang = useLanguage();
  const t = useStaffTexts();
  const [request, state] = useRequestOnce(given);
  const decided = state.result?.status;
  const cell = (label, value) => (
    <td data-label={t(`transfers.${label}`)}>{value}</td>
  );
  return (
    <tr data-transfer-id={transfer.id}>
      {cell('customer', <CustomerLink id={transfer.customerId} name={customerName?.(transfer.customerId)} />)}
      {cell('amount', moneyText(lang, transfer.amount))}
      {cell('sender', transfer.sender)}
      {cell('date', transfer.date)}
      {cell('reference', transfer.reference)}
      {cell('declared', formatMoment(lang, transfer.declaredAt))}
      <td data-label={t('transfers.actions')}>
        {decided ? (
          <p role="status">
            <StatusPill domain="transfer" status={decided} label={t(decided === 'confirmed' ? 'transfers.confirmed' : 'transfers.rejected')} />
          </p>
        ) : (
          <div className="staff-actions">
            <ActionButton request={request} state={state} what="confirm" send={() => confirmTransfer(transfer.id, lang)} onDone={onDecided}>
              {t('transfers.confirm')}
            </ActionButton>
            <RejectForm request={request} state={state} max={500} send={(reason) => rejectTransfer(transfer.id, reason, lang)} onDone={onDecided} />
          </div>
        )}
        <ActionError state={state} />
        <AuditLink area="billing" kind="transfer" id={transfer.id} />
      </td>
    </tr>
  );
}

/** TransfersTable lists declared transfers; on a phone each row is a card. */
export function TransfersTable({ transfers, onDecided }) {
  const t = useStaffTexts();
  const customerName = useUserNames(transfers.map((tr) => tr.customerId), useLanguage());
  return (
    <DataTable rows="boxed">
      <thead>
        <tr>
          {['customer', 'amount', 'sender', 'date', 'reference', 'declared', 'actions'].map((k) => (
            <th key={k} scope="col">{t(`transfers.${k}`)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {transfers.map((tr) => (
          <TransferRow key={tr.id} transfer={tr} onDecided={onDecided} customerName={customerName} />
        ))}
      </tbody>
    </DataTable>
  );
}

/**
 * Transfers is the bank transfers waiting for staff (svc-billing admin/transfers), oldest first
 * unless staff choose otherwise (the queue's order), searched, 50 a page.
 */
export function Transfers() {
  const lang = useLanguage();
  const t = useStaffTexts();
  const [{ q, sort }, change] = useListParams({ q: '', sort: 'oldest' }, { sort: SORTS.default });
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useTransferPages(lang, { q, sort });
  // A decided row shows its outcome (its own state) until the list is loaded again.
  const transfers = (data ?? []).flatMap((p) => p?.transfers ?? []);
  const more = data?.at(-1)?.more;
  return (
    <>
      <SortSelect value={sort} onChange={(v) => change({ sort: v })} />
      <SearchForm label={t('transfers.searchLabel')} value={q} onSearch={(v) => change({ q: v })} maxLength={100} />
      <ListState loading={isLoading} error={error} empty={!isLoading && !error && transfers.length === 0} retry={mutate} />
      {transfers.length > 0 && <TransfersTable transfers={transfers} />}
      <MorePages pages={{ size, setSize, isValidating }} more={more} testid="transfers-more" />
    </>
  );
}
