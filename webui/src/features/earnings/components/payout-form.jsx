import { useId, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { accountPath } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { useLanguage } from '../../../lib/language.jsx';
import { moneyText } from '../../../lib/format.js';
import { createRequestOnce } from '../../../lib/request-once.js';
import { FormError } from '../../../components/form-fields.jsx';
import { requestPayout } from '../api/earnings.js';
import { missingOf, payoutBody } from '../payout.js';
import { useEarningsTexts } from '../texts.js';
import { ibanTail } from './payouts-list.jsx';
import { Notice } from '../../../components/notice.jsx';

/** usePayoutRequest is a createRequestOnce for the component's lifetime (or the given one), and its state. */
function usePayoutRequest(given) {
  const [request] = useState(() => given ?? createRequestOnce());
  const state = useSyncExternalStore(request.subscribe, request.getSnapshot, request.getSnapshot);
  return [request, state];
}

/**
 * PayoutForm requests a payout: one of the translator's bank accounts (accounts: [{ id, label,
 * isDefault }], the default chosen first) and an optional amount (empty: the whole balance). Each
 * click makes one Idempotency-Key, and a click while the request is under way joins it, so a
 * double click asks once. onRequested(payout) follows a payout the server took. request: a
 * createRequestOnce to use (tests).
 */
export function PayoutForm({ accounts, balance, onRequested, request: given }) {
  const lang = useLanguage();
  const t = useEarningsTexts();
  const id = useId();
  const [request, state] = usePayoutRequest(given);
  const [chosen, setChosen] = useState('');
  const [amount, setAmount] = useState('');
  const [localError, setLocalError] = useState('');
  const account = chosen || accounts.find((a) => a.isDefault)?.id || accounts[0]?.id || '';

  if (!accounts.length) {
    return (
      <div className="notice" data-testid="payout-no-accounts">
        <p>{t('payout.noAccounts')}</p>
        <p>
          <Link to={accountPath(lang, 'banka-hesaplari')}>{t('payout.addAccount')}</Link>
        </p>
      </div>
    );
  }

  function submit(e) {
    e.preventDefault();
    const { body, error } = payoutBody(account, amount);
    setLocalError(error ? t(`payout.${error}`) : '');
    if (error) return;
    request.run('payout', (key) => requestPayout(body, key, lang)).then((payout) => {
      if (payout) {
        setAmount('');
        onRequested?.(payout);
      }
    });
  }

  const fields = state.error instanceof ApiError ? state.error.fields : {};
  const amountError = localError || fields.amount || fields['amount.amount'] || '';
  const accountError = fields.bankAccountId || '';
  const payout = state.result;
  return (
    <form className="form" onSubmit={submit} noValidate data-testid="payout-form" aria-busy={state.busy ? 'true' : undefined}>
      {payout?.id && (
        <Notice data-testid="payout-requested">
          {t('payout.requested', { amount: moneyText(lang, payout.amount), iban: ibanTail(payout.iban) })}
        </Notice>
      )}
      {!amountError && !accountError && <PayoutError error={state.error} />}
      <div className="field">
        <label htmlFor={`${id}-account`}>{t('payout.account')}</label>
        <select
          id={`${id}-account`}
          name="bankAccountId"
          value={account}
          onChange={(e) => setChosen(e.target.value)}
          aria-invalid={accountError ? 'true' : undefined}
          aria-describedby={accountError ? `${id}-account-error` : undefined}
        >
          {accounts.map((a) => (
            <option key={a.id} value={a.id}>
              {a.isDefault ? `${a.label} ${t('payout.isDefault')}` : a.label}
            </option>
          ))}
        </select>
        {accountError && (
          <p id={`${id}-account-error`} className="field__error">
            {accountError}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={`${id}-amount`}>{t('payout.amount')}</label>
        <input
          id={`${id}-amount`}
          name="amount"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          onChange={(e) => {
            setAmount(e.target.value);
            setLocalError('');
          }}
          aria-invalid={amountError ? 'true' : undefined}
          aria-describedby={`${id}-amount-hint${amountError ? ` ${id}-amount-error` : ''}`}
        />
        <p id={`${id}-amount-hint`} className="field__hint">
          {t('payout.amountHint', { balance: moneyText(lang, balance) })}
        </p>
        {amountError && (
          <p id={`${id}-amount-error`} className="field__error">
            {amountError}
          </p>
        )}
      </div>
      <div>
        <button type="submit" className="button" disabled={!!state.busy}>
          {state.busy ? t('payout.sending') : t('payout.submit')}
        </button>
      </div>
    </form>
  );
}

/** PayoutError is why a payout was refused, in the server's words; below the threshold or over the balance, by how much. */
export function PayoutError({ error }) {
  const lang = useLanguage();
  const t = useEarningsTexts();
  if (!error) return null;
  const missing = missingOf(error);
  return (
    <FormError>
      <span data-code={error.code}>{error instanceof ApiError && error.code ? error.message : t('failed')}</span>
      {missing && (
        <>
          {' '}
          <span data-testid="payout-missing">{t('payout.missing', { amount: moneyText(lang, missing) })}</span>
        </>
      )}
    </FormError>
  );
}
