import { useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../../lib/api-client.js';
import { useLanguage } from '../../../lib/language.jsx';
import { Field, FormError } from '../../../components/form-fields.jsx';
import { Loading } from '../../../components/loading.jsx';
import { addBankAccount, bankAccountsKey, deleteBankAccount, makeDefault, useBankAccounts } from '../api/translators.js';
import { MAX_BANK_ACCOUNTS } from '../constants.js';
import { groupIban, ibanProblem, maskIban } from '../iban.js';
import { useTranslatorsTexts } from '../texts.js';
import '../translators.css';
import { StatusPill } from '../../../components/status-pill.jsx';
import { Notice } from '../../../components/notice.jsx';
import { EmptyState } from '../../../components/empty-state.jsx';

/** BankAccounts lists the translator's bank accounts and adds, defaults and deletes them. */
export function BankAccounts() {
  const lang = useLanguage();
  const t = useTranslatorsTexts();
  const { mutate } = useSWRConfig();
  const { data: accounts, error } = useBankAccounts(lang);
  const [busy, setBusy] = useState('');
  const [message, setMessage] = useState('');
  if (error) return <p className="form__error">{error.code ? error.message : t('loadFailed')}</p>;
  if (!accounts) return <Loading variant="list" />;

  const key = bankAccountsKey(lang);
  const run = async (accountId, call) => {
    if (busy) return;
    setBusy(accountId);
    setMessage('');
    try {
      await call();
    } catch (err) {
      setMessage(err instanceof ApiError && err.code ? err.message : t('failed'));
      mutate(key);
    } finally {
      setBusy('');
    }
  };
  const onDefault = (a) => run(a.id, async () => mutate(key, await makeDefault(a.id, lang), { revalidate: false }));
  const onDelete = (a) =>
    run(a.id, async () => {
      await deleteBankAccount(a.id, lang);
      mutate(key); // the next one may have become the default
    });
  const onAdded = (account) => mutate(key, [...accounts.map((a) => (account.isDefault ? { ...a, isDefault: false } : a)), account], { revalidate: true });
  return <BankAccountsView accounts={accounts} busy={busy} message={message} onDefault={onDefault} onDelete={onDelete} onAdded={onAdded} />;
}

/** BankAccountsView: the list (masked IBANs, the default marked) and the form to add one. */
export function BankAccountsView({ accounts, busy = '', message = '', onDefault, onDelete, onAdded }) {
  const t = useTranslatorsTexts();
  const [confirming, setConfirming] = useState('');
  const full = accounts.length >= MAX_BANK_ACCOUNTS;
  return (
    <>
      <p className="lead">{t('bank.lead', { max: MAX_BANK_ACCOUNTS })}</p>
      <FormError>{message}</FormError>
      {accounts.length === 0 ? (
        <EmptyState>{t('bank.empty')}</EmptyState>
      ) : (
        <ul className="rows" aria-label={t('bank.listLabel')} data-testid="bank-accounts">
          {accounts.map((a) => {
            const masked = maskIban(a.iban);
            return (
              <li key={a.id} className="row-card" data-default={a.isDefault ? 'true' : 'false'}>
                <div className="row-card__main">
                  <span className="iban" aria-label={groupIban(a.iban)}>
                    {masked}
                  </span>
                  <span>{a.holder}</span>
                  {a.isDefault && <StatusPill tone="ok" label={t('bank.isDefault')} />}
                </div>
                <div className="row-card__actions">
                  {confirming === a.id ? (
                    <>
                      <span role="alert">{t('bank.confirm', { iban: masked })}</span>
                      <button type="button" className="button button--small" disabled={!!busy} onClick={() => onDelete(a)}>
                        {t('bank.confirmYes')}
                      </button>
                      <button type="button" className="button button--ghost button--small" onClick={() => setConfirming('')}>
                        {t('bank.confirmNo')}
                      </button>
                    </>
                  ) : (
                    <>
                      {!a.isDefault && (
                        <button type="button" className="button button--ghost button--small" disabled={!!busy} onClick={() => onDefault(a)}>
                          {t('bank.makeDefault')}
                        </button>
                      )}
                      <button type="button" className="button button--ghost button--small" disabled={!!busy} aria-label={t('bank.removeLabel', { iban: masked })} onClick={() => setConfirming(a.id)}>
                        {t('bank.remove')}
                      </button>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <section aria-labelledby="bank-add-title">
        <h2 id="bank-add-title">{t('bank.addTitle')}</h2>
        {full ? <p className="notice" data-testid="bank-max">{t('bank.max', { max: MAX_BANK_ACCOUNTS })}</p> : <AddAccountForm onAdded={onAdded} />}
      </section>
    </>
  );
}

/** AddAccountForm takes an IBAN (with a mod-97 hint as it is typed) and the holder's name. */
export function AddAccountForm({ onAdded, initial = { iban: '', holder: '' } }) {
  const lang = useLanguage();
  const t = useTranslatorsTexts();
  const id = useId();
  const [values, setValues] = useState(initial);
  const [left, setLeft] = useState({});
  const [server, setServer] = useState({});
  const [status, setStatus] = useState('');
  const [message, setMessage] = useState('');
  const problem = ibanProblem(values.iban);
  const ibanError = server.iban || (problem && (left.iban || status === 'invalid') ? t(`bank.ibanProblems.${problem}`) : '');
  const holderLength = [...values.holder.trim()].length;
  const holderError = server.holder || ((left.holder || status === 'invalid') && (holderLength < 2 || holderLength > 140) ? t(holderLength ? (holderLength < 2 ? 'errors.tooShort' : 'errors.tooLong') : 'errors.required', { min: 2, max: 140 }) : '');
  const change = (field) => (e) => {
    setValues({ ...values, [field]: e.target.value });
    setServer({ ...server, [field]: '' });
    if (status !== 'adding') setStatus('');
  };

  async function submit(e) {
    e.preventDefault();
    if (status === 'adding') return;
    // The IBAN hint does not stop the form: the server's check is the one that counts.
    if (!values.iban.trim() || holderLength < 2 || holderLength > 140) {
      setStatus('invalid');
      return;
    }
    setStatus('adding');
    setMessage('');
    try {
      const account = await addBankAccount(values.iban, values.holder.trim(), lang);
      setValues({ iban: '', holder: '' });
      setLeft({});
      setStatus('added');
      setMessage(t('bank.added', { iban: maskIban(account.iban) }));
      onAdded?.(account);
    } catch (err) {
      setStatus('failed');
      if (err instanceof ApiError && err.status === 400 && Object.keys(err.fields).length) setServer(err.fields);
      else if (err instanceof ApiError && err.code === 'too_many_accounts') setMessage(t('bank.max', { max: MAX_BANK_ACCOUNTS }));
      else setMessage(err instanceof ApiError && err.code ? err.message : t('failed'));
    }
  }

  return (
    <form className="form" onSubmit={submit} noValidate data-testid="bank-add">
      {status === 'added' && (
        <Notice>
          {message}
        </Notice>
      )}
      <FormError>{status === 'failed' ? message : ''}</FormError>
      <Field id={`${id}-iban`} name="iban" label={t('bank.iban')} required value={values.iban} autoComplete="off" spellCheck="false" maxLength={42} hint={t('bank.ibanHint')} error={ibanError || undefined} onChange={change('iban')} onBlur={() => setLeft({ ...left, iban: true })} />
      <Field id={`${id}-holder`} name="holder" label={t('bank.holder')} required value={values.holder} autoComplete="name" maxLength={140} hint={t('bank.holderHint')} error={holderError || undefined} onChange={change('holder')} onBlur={() => setLeft({ ...left, holder: true })} />
      <div>
        <button type="submit" className="button" disabled={status === 'adding'}>
          {status === 'adding' ? t('bank.adding') : t('bank.add')}
        </button>
      </div>
    </form>
  );
}
