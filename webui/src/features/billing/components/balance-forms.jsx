import { useId, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { ApiError } from '../../../lib/api-client.js';
import { useLanguage } from '../../../lib/language.jsx';
import { Field, FormError } from '../../../components/form-fields.jsx';
import { declareTransfer, topUp } from '../api/billing.js';
import { parseAmount, returnUrl } from '../checkout.js';
import { BALANCE_CURRENCIES } from '../constants.js';
import { useBillingTexts } from '../texts.js';
import { usePayment } from './pay-buttons.jsx';
import { Notice } from '../../../components/notice.jsx';

// The server names a Money's parts "amount.amount" and "amount.currency", or the Money as
// "amount"; the form shows any of them under the amount.
const amountError = (fields) => fields.amount ?? fields['amount.amount'] ?? fields['amount.currency'];
const messageOf = (err, fallback) => (err instanceof ApiError && err.code ? err.message : fallback);

function CurrencySelect({ id, label, value, onChange }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name="currency" value={value} onChange={(e) => onChange(e.target.value)}>
        {BALANCE_CURRENCIES.map((c) => (
          <option key={c} value={c}>
            {c}
          </option>
        ))}
      </select>
    </div>
  );
}

/**
 * topUpRequest reads a typed top-up: { error } (a text key) when the amount is not one, else
 * { send(key) } starting the card payment under the click's Idempotency-Key. The provider
 * returns to pathname showing the ledger of the currency topped up, so the return can find the
 * credit there.
 */
export function topUpRequest(amountText, currency, pathname, lang, origin) {
  const minor = parseAmount(amountText, currency);
  if (!minor) return { error: 'topUp.amountInvalid' };
  const back = returnUrl(`${pathname}?currency=${encodeURIComponent(currency)}`, origin);
  return { send: (key) => topUp({ amount: minor, currency }, back, key, lang) };
}

/** TopUpForm tops the balance up by card: the provider's checkout, returning to this page. */
export function TopUpForm({ currency: initial }) {
  const lang = useLanguage();
  const t = useBillingTexts();
  const id = useId();
  const { pathname } = useLocation();
  const [payment, state] = usePayment();
  const [amount, setAmount] = useState('');
  const [currency, setCurrency] = useState(BALANCE_CURRENCIES.includes(initial) ? initial : 'TRY');
  const [localError, setLocalError] = useState('');
  const fields = state.error instanceof ApiError ? state.error.fields : {};

  function submit(e) {
    e.preventDefault();
    const request = topUpRequest(amount, currency, pathname, lang);
    setLocalError(request.error ? t(request.error) : '');
    if (request.send) payment.run('topup', request.send);
  }
  const error = localError || amountError(fields);
  return (
    <section id="top-up" aria-labelledby={`${id}-title`} className="account__block">
      <h2 id={`${id}-title`}>{t('topUp.title')}</h2>
      <p className="field__hint">{t('topUp.lead')}</p>
      <form className="form" onSubmit={submit} noValidate data-testid="top-up-form">
        <FormError>{state.error && !amountError(fields) ? messageOf(state.error, t('pay.failed')) : ''}</FormError>
        <div className="form__row">
          <Field id={`${id}-amount`} name="amount" label={t('topUp.amount')} required inputMode="decimal" value={amount} error={error} onChange={(e) => setAmount(e.target.value)} />
          <CurrencySelect id={`${id}-currency`} label={t('topUp.currency')} value={currency} onChange={setCurrency} />
        </div>
        <div>
          <button type="submit" className="button" disabled={!!state.busy}>
            {state.busy ? t('pay.redirecting') : t('topUp.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

const today = () => new Date().toISOString().slice(0, 10);
const EMPTY = { amount: '', sender: '', date: '', reference: '' };

/**
 * TransferForm declares a bank transfer to one of the agency's accounts (accounts: GET balance's
 * bankAccounts, the agency's configured facts), credited once staff confirm it.
 */
export function TransferForm({ currency: initial, accounts = [], onDeclared }) {
  const lang = useLanguage();
  const t = useBillingTexts();
  const id = useId();
  const [values, setValues] = useState(EMPTY);
  const [currency, setCurrency] = useState(BALANCE_CURRENCIES.includes(initial) ? initial : 'TRY');
  const [errors, setErrors] = useState({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);

  const change = (name) => (e) => {
    setValues((v) => ({ ...v, [name]: e.target.value }));
    setErrors(({ [name]: _dropped, ...rest }) => rest);
    setDone(false);
  };
  async function submit(e) {
    e.preventDefault();
    const minor = parseAmount(values.amount, currency);
    if (!minor) {
      setErrors({ amount: t('topUp.amountInvalid') });
      return;
    }
    setBusy(true);
    setMessage('');
    try {
      await declareTransfer({ amount: { amount: minor, currency }, sender: values.sender.trim(), date: values.date, reference: values.reference.trim() }, lang);
      setValues(EMPTY);
      setErrors({});
      setDone(true);
      onDeclared?.();
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      setErrors({ ...fields, amount: amountError(fields) });
      setMessage(messageOf(err, t('form.failed')));
    } finally {
      setBusy(false);
    }
  }
  const field = (name, extra) => ({ id: `${id}-${name}`, name, label: t(`transfer.${name}`), value: values[name], error: errors[name], onChange: change(name), required: true, ...extra });
  return (
    <section aria-labelledby={`${id}-title`} className="account__block">
      <h2 id={`${id}-title`}>{t('transfer.title')}</h2>
      <p className="field__hint">{t('transfer.lead')}</p>
      <BankAccounts accounts={accounts} />
      <form className="form" onSubmit={submit} noValidate data-testid="transfer-form">
        {done && (
          <Notice>
            {t('transfer.done')}
          </Notice>
        )}
        <FormError>{message}</FormError>
        <div className="form__row">
          <Field {...field('amount', { inputMode: 'decimal' })} />
          <CurrencySelect id={`${id}-currency`} label={t('transfer.currency')} value={currency} onChange={setCurrency} />
        </div>
        <div className="form__row">
          <Field {...field('sender', { autoComplete: 'name', maxLength: 140 })} />
          <Field {...field('date', { type: 'date', max: today() })} />
        </div>
        <Field {...field('reference', { maxLength: 140, hint: t('transfer.referenceHint') })} />
        <div>
          <button type="submit" className="button" disabled={busy}>
            {busy ? t('transfer.sending') : t('transfer.submit')}
          </button>
        </div>
      </form>
    </section>
  );
}

/** BankAccounts lists the agency's accounts to transfer to, one per currency, as the invoices print them. */
export function BankAccounts({ accounts }) {
  const t = useBillingTexts();
  return (
    <ul className="bank-accounts" data-testid="bank-accounts">
      {accounts.map((a) => (
        <li key={a.iban} data-currency={a.currency}>
          <dl className="billing-summary bank-account" data-testid="bank-account">
            <div>
              <dt>{t('transfer.accountCurrency')}</dt>
              <dd>{a.currency}</dd>
            </div>
            <div>
              <dt>{t('transfer.bank')}</dt>
              <dd>{a.branch ? `${a.bank}, ${a.branch}` : a.bank}</dd>
            </div>
            <div>
              <dt>{t('transfer.holder')}</dt>
              <dd>{a.holder}</dd>
            </div>
            <div>
              <dt>{t('transfer.iban')}</dt>
              <dd className="bank-account__iban">{a.iban}</dd>
            </div>
          </dl>
        </li>
      ))}
    </ul>
  );
}
