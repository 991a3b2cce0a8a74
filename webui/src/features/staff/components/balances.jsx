import { useId, useState } from 'react';
import { STAFF_SECTIONS } from '../../../config/paths.js';
import { decimals, formatMoment, moneyText } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { adjustBalance, adjustmentBody, useBalancePages, useLedgerPages } from '../api/money.js';
import { useMoneyTexts } from '../money-texts.js';
import { useStaffTexts } from '../texts.js';
import { ActionError, useRequestOnce } from './actions.jsx';
import { ListState, MorePages, SearchForm, useListParams } from './list-state.jsx';
import { CustomerLink } from './orders.jsx';
import { useUserNames } from '../api/customers.js';
import { Notice } from '../../../components/notice.jsx';
import { LedgerTable } from '../../../components/ledger-table.jsx';
import { DataTable } from '../../../components/data-table.jsx';

// The site's currencies, the ones a balance can be held in (svc-billing).
const CURRENCIES = ['TRY', 'USD', 'EUR', 'GBP', 'JPY', 'CNY', 'RUB'];

/** Balances is every customer with a balance, searched by the start of their id (svc-billing admin/balances). */
export function Balances({ sections = STAFF_SECTIONS }) {
  const lang = useLanguage();
  const t = useMoneyTexts();
  // No sort: an account keeps no time of its own, so svc-billing lists them by customer id only.
  const [{ q }, change] = useListParams({ q: '' });
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useBalancePages(lang, { q });
  const rows = (data ?? []).flatMap((p) => p?.accounts ?? []);
  const customerName = useUserNames(rows.map((a) => a.customerId), lang);
  const more = data?.at(-1)?.more;
  return (
    <>
      <SearchForm label={t('balances.searchLabel')} value={q} onSearch={(v) => change({ q: v })} maxLength={100} />
      <ListState loading={isLoading && !rows.length} error={error} empty={!isLoading && !error && rows.length === 0} retry={mutate} />
      {rows.length > 0 && (
        <DataTable rows="boxed">
          <thead>
            <tr>
              <th scope="col">{t('balances.customer')}</th>
              <th scope="col">{t('balances.balances')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.customerId} data-customer-id={a.customerId}>
                <td data-label={t('balances.customer')}>
                  <CustomerLink id={a.customerId} name={customerName(a.customerId)} sections={sections} />
                </td>
                <td data-label={t('balances.balances')}>{a.balances?.length ? a.balances.map((m) => moneyText(lang, m)).join(' · ') : t('balances.none')}</td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <MorePages pages={{ size, setSize, isValidating }} more={more} testid="balances-more" />
    </>
  );
}

/**
 * AdjustForm credits or debits a customer's balance: a signed amount in the currency's major
 * units and a required reason. Each submission has its own Idempotency-Key (createRequestOnce),
 * and a second click while it is under way joins it, so a double click adjusts once.
 */
export function AdjustForm({ customerId, currency: initial = 'TRY', onDone, request: given }) {
  const lang = useLanguage();
  const t = useMoneyTexts();
  const id = useId();
  const [request, state] = useRequestOnce(given);
  const [currency, setCurrency] = useState(initial);
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState({});
  const submit = (e) => {
    e.preventDefault();
    const checked = adjustmentBody(amount, currency, reason);
    setErrors(checked.errors ?? {});
    if (checked.errors) return;
    request.run('adjust', (key) => adjustBalance(customerId, checked.body, key, lang)).then((result) => {
      if (!result) return;
      setAmount('');
      setReason('');
      onDone?.(result);
    });
  };
  const described = (name, hint) => [hint && `${id}-${name}-hint`, errors[name] && `${id}-${name}-error`].filter(Boolean).join(' ') || undefined;
  const error = (name) =>
    errors[name] && (
      <p id={`${id}-${name}-error`} className="field__error">
        {t(`balances.adjust.${errors[name]}`)}
      </p>
    );
  const adjusted = state.result?.entry;
  return (
    <form className="staff-reject" onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-testid="adjust-form">
      <p id={`${id}-title`} className="staff-reject__title">
        {t('balances.adjust.title')}
      </p>
      <div className="field">
        <label htmlFor={`${id}-currency`}>{t('balances.adjust.currency')}</label>
        <select id={`${id}-currency`} value={currency} onChange={(e) => setCurrency(e.target.value)}>
          {CURRENCIES.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={`${id}-amount`}>
          {t('balances.adjust.amount', { currency })}
          <span aria-hidden="true"> *</span>
        </label>
        <input id={`${id}-amount`} name="amount" inputMode={decimals(currency) ? 'decimal' : 'numeric'} required value={amount} onChange={(e) => setAmount(e.target.value)} aria-invalid={errors.amount ? 'true' : undefined} aria-describedby={described('amount', true)} />
        <p id={`${id}-amount-hint`} className="field__hint">
          {t('balances.adjust.amountHint')}
        </p>
        {error('amount')}
      </div>
      <div className="field">
        <label htmlFor={`${id}-reason`}>
          {t('balances.adjust.reason')}
          <span aria-hidden="true"> *</span>
        </label>
        <textarea id={`${id}-reason`} name="reason" rows={2} required maxLength={500} value={reason} onChange={(e) => setReason(e.target.value)} aria-invalid={errors.reason ? 'true' : undefined} aria-describedby={described('reason', true)} />
        <p id={`${id}-reason-hint`} className="field__hint">
          {t('balances.adjust.reasonHint')}
        </p>
        {error('reason')}
      </div>
      <div className="staff-actions">
        <button type="submit" className="button button--small" disabled={!!state.busy} aria-busy={!!state.busy || undefined} data-action="adjust">
          {state.busy ? t('common.sending') : t('balances.adjust.send')}
        </button>
      </div>
      {adjusted && !state.busy && (
        <Notice>{t('balances.adjust.done', { amount: `${adjusted.kind === 'debit' ? '−' : '+'}${moneyText(lang, adjusted.amount)}` })}</Notice>
      )}
      <ActionError state={state} />
    </form>
  );
}

/** StaffLedger is a customer's balance movements loaded so far, newest first: the site's one ledger table. */
export function StaffLedger({ entries, more = false, onOlder, loadingOlder = false }) {
  const lang = useLanguage();
  const t = useMoneyTexts();
  const st = useStaffTexts();
  const columns = [
    { key: 'kind', label: t('balances.kind'), cell: (e) => t(`balances.kinds.${e.kind}`) },
    {
      key: 'reason',
      label: t('balances.reason'),
      cell: (e) => (
        <>
          {t(`balances.reasons.${e.reason}`, { defaultValue: e.reason })}
          {e.note && ` – ${e.note}`}
          {(e.label || e.reference) && <span className="field__hint staff-mono"> {e.label || e.reference}</span>}
        </>
      ),
    },
  ];
  return (
    <LedgerTable
      entries={entries}
      columns={columns}
      labels={{ date: t('balances.when'), amount: t('balances.amount'), balanceAfter: t('balances.after') }}
      dateCell={(at) => formatMoment(lang, at)}
      testid="staff-ledger"
      totals
      empty={t('customers.none')}
      more={more}
      onOlder={onOlder}
      loadingOlder={loadingOlder}
      olderLabel={st('common.more')}
      loadingOlderLabel={st('common.loading')}
    />
  );
}

/** BalancePanel is one customer's balances, a currency's ledger 20 a page and the adjustment form (svc-billing admin/balances/{id}). */
export function BalancePanel({ customerId }) {
  const lang = useLanguage();
  const t = useMoneyTexts();
  const [currency, setCurrency] = useState('');
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useLedgerPages(customerId, lang, currency);
  const first = data?.[0];
  const entries = (data ?? []).flatMap((p) => p?.entries ?? []);
  const shown = first?.currency ?? (currency || 'TRY');
  return (
    <section aria-labelledby={`balance-${customerId}`} data-testid="balance-panel">
      <h2 id={`balance-${customerId}`}>{t('balances.title')}</h2>
      <ListState loading={isLoading && !first} error={error} retry={mutate} variant="detail" />
      {first && (
        <>
          <div className="filters" role="group" aria-label={t('balances.currency')}>
            {(first.balances?.length ? first.balances : [{ amount: 0, currency: shown }]).map((m) => (
              <button key={m.currency} type="button" aria-pressed={m.currency === shown} onClick={() => setCurrency(m.currency)}>
                {moneyText(lang, m)}
              </button>
            ))}
          </div>
          <h3>{t('balances.ledger')}</h3>
          <StaffLedger entries={entries} more={!!data?.at(-1)?.more} loadingOlder={isValidating} onOlder={() => setSize(size + 1)} />
          {first.transfers?.length > 0 && (
            <p>
              {t('balances.pending')}: {first.transfers.map((tr) => moneyText(lang, tr.amount)).join(' · ')}
            </p>
          )}
        </>
      )}
      <AdjustForm customerId={customerId} currency={shown} onDone={() => mutate()} />
    </section>
  );
}
