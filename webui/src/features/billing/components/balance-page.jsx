import { useEffect, useId, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { accountDetailPath } from '../../../config/account-paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { LedgerTable } from '../../../components/ledger-table.jsx';
import { Loading } from '../../../components/loading.jsx';
import { StatusPill } from '../../../components/status-pill.jsx';
import { useBalance } from '../api/billing.js';
import { readReturn, withoutReturn } from '../checkout.js';
import { BALANCE_CURRENCIES } from '../constants.js';
import { day, money } from '../format.js';
import { useBillingTexts } from '../texts.js';
import { TopUpForm, TransferForm } from './balance-forms.jsx';
import { EmptyState } from '../../../components/empty-state.jsx';

/**
 * topUpOutcome is what the first ledger page answered to a card top-up's return (session): done
 * when it holds the credit of that session, pending while the provider has not said it is paid;
 * '' without a return or an answer.
 */
export function topUpOutcome(first, session) {
  if (!session || !first) return '';
  return first.entries?.some((e) => e.reason === 'topup' && e.reference === session) ? 'topUpDone' : 'topUpPending';
}

/**
 * BalancePage is the customer's balance: the amount held in each currency, the ledger of one
 * currency newest first with older pages on request, the bank transfers awaiting confirmation,
 * and topping up by card or declaring a transfer. A card top-up returns here with
 * ?checkout=done&session=…, which the first load passes on (the server settles the payment)
 * before the address is cleaned.
 */
export function BalancePage() {
  const lang = useLanguage();
  const t = useBillingTexts();
  const id = useId();
  const location = useLocation();
  const navigate = useNavigate();
  const [ret] = useState(() => readReturn(location.search));
  const [currency, setCurrency] = useState(() => {
    const wanted = new URLSearchParams(location.search).get('currency');
    return BALANCE_CURRENCIES.includes(wanted) ? wanted : '';
  });
  const [sessionDone, setSessionDone] = useState(ret?.checkout !== 'done');
  const [settled, setSettled] = useState(ret?.checkout === 'cancelled' ? 'topUpCancelled' : '');
  const session = sessionDone ? '' : ret.session;
  const { data: pages, error, size, setSize, isValidating, mutate } = useBalance(lang, { currency, session });
  const first = pages?.[0];
  // The first answer to the return is drawn at once; the effect keeps what it said once the
  // session is dropped from the key.
  const outcome = settled || topUpOutcome(first, session);

  useEffect(() => {
    if (!session || !first) return;
    setSettled(topUpOutcome(first, session));
    setSessionDone(true);
  }, [session, first]);

  useEffect(() => {
    if (ret && sessionDone && readReturn(location.search)) {
      navigate({ pathname: location.pathname, search: withoutReturn(location.search), hash: location.hash }, { replace: true });
    }
  }, [ret, sessionDone, location, navigate]);

  if (error && !first) return <p className="form__error">{error.code ? error.message : t('loadFailed')}</p>;
  if (!first) return <Loading variant="detail" />;

  const shown = first.currency ?? 'TRY';
  const balances = first.balances ?? [];
  return (
    <>
      {outcome && (
        <p className="notice" role="status" data-testid={`checkout-${outcome}`}>
          {t(`checkout.${outcome}`)}
        </p>
      )}
      <section aria-labelledby={`${id}-balances`} className="account__block">
        <h2 id={`${id}-balances`}>{t('balance.title')}</h2>
        {balances.length ? (
          <ul className="balances" data-testid="balances">
            {balances.map((b) => (
              <li key={b.currency} data-currency={b.currency}>
                <span className="balances__amount">{money(lang, b)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <EmptyState>{t('balance.empty')}</EmptyState>
        )}
        {balances.length > 1 && (
          <div className="field balances__switch">
            <label htmlFor={`${id}-currency`}>{t('balance.currency')}</label>
            <select id={`${id}-currency`} value={shown} onChange={(e) => setCurrency(e.target.value)}>
              {balances.map((b) => (
                <option key={b.currency} value={b.currency}>
                  {b.currency}
                </option>
              ))}
            </select>
          </div>
        )}
      </section>

      <Ledger pages={pages} currency={shown} loadingOlder={isValidating && size > pages.length} onOlder={() => setSize(size + 1)} />

      {first.transfers?.length > 0 && (
        <section aria-labelledby={`${id}-transfers`} className="account__block">
          <h2 id={`${id}-transfers`}>{t('balance.transfers')}</h2>
          <ul className="transfers" data-testid="transfers">
            {first.transfers.map((tr) => (
              <li key={tr.id} data-transfer-id={tr.id}>
                {t('balance.transferLine', { amount: money(lang, tr.amount), sender: tr.sender, date: day(lang, tr.date) })} · {tr.reference} ·{' '}
                <StatusPill domain="transfer" status={tr.status} label={t(`balance.transferStatus.${tr.status}`, { defaultValue: tr.status })} />
              </li>
            ))}
          </ul>
        </section>
      )}

      <TopUpForm currency={currency || shown} />
      <TransferForm currency={currency || shown} accounts={first.bankAccounts ?? []} onDeclared={() => mutate()} />
    </>
  );
}

/**
 * Ledger is the movements of one currency loaded so far (pages of 20, newest first), with a
 * button for the next older page while the server says there are more.
 */
export function Ledger({ pages, currency, loadingOlder = false, onOlder }) {
  const lang = useLanguage();
  const t = useBillingTexts();
  const id = useId();
  const entries = pages.flatMap((p) => p.entries ?? []);
  const more = !!pages.at(-1)?.more;
  const col = (k) => t(`balance.${k}`);
  const columns = [
    { key: 'kind', label: col('kind'), cell: (e) => t(`balance.kinds.${e.kind}`, { defaultValue: e.kind }) },
    { key: 'reason', label: col('reason'), cell: (e) => t(`balance.reasons.${e.reason}`, { defaultValue: e.reason }) },
    {
      key: 'reference',
      label: col('reference'),
      className: 'billing-table__ref',
      // The entry's label is how the customer knows the reference (an invoice's number, a
      // transfer's bank reference); entries from before labels show the id.
      cell: (e) => ((e.reason === 'invoice' || e.reason === 'refund') && e.reference ? <Link to={accountDetailPath(lang, 'invoice', e.reference)}>{e.label || e.reference}</Link> : e.label || e.reference),
    },
  ];
  return (
    <section aria-labelledby={`${id}-ledger`} className="account__block">
      <h2 id={`${id}-ledger`}>{t('balance.ledger', { currency })}</h2>
      <LedgerTable
        entries={entries}
        columns={columns}
        labels={{ date: col('date'), amount: col('amount'), balanceAfter: col('balanceAfter') }}
        dateCell={(at) => day(lang, at, { withTime: true })}
        labelledBy={`${id}-ledger`}
        testid="ledger"
        totals
        empty={t('balance.noEntries')}
        more={more}
        onOlder={onOlder}
        loadingOlder={loadingOlder}
        olderLabel={col('older')}
        loadingOlderLabel={col('loadingOlder')}
        olderTestid="ledger-older"
      />
    </section>
  );
}
