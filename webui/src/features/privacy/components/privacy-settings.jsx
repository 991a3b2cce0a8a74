import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../../lib/api-client.js';
import { formatIstanbulMoment } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { Notice } from '../../../components/notice.jsx';
import { CheckField, Field } from '../../../components/form-fields.jsx';
import { askCopy, askErasure, consentsKey, copyUrl, privacyRequestsKey, setMarketing, useConsents, usePrivacyRequests } from '../api/privacy.js';
import { usePrivacyTexts } from '../texts.js';
import './privacy.css';

/**
 * PrivacySettings is the account's KVKK section: ask for a copy of one's data, follow each
 * request with its dates, download the copy once ready, choose the offers by e-mail, and ask
 * for the account and its data to be erased (onErased() follows, the account being closed).
 * ?privacy=<id> (the link of the "ready" mail) marks that request.
 */
export function PrivacySettings({ onErased }) {
  const lang = useLanguage();
  const t = usePrivacyTexts();
  const id = useId();
  const { mutate } = useSWRConfig();
  const { data: requests, error } = usePrivacyRequests(lang);
  const [params] = useSearchParams();
  const marked = params.get('privacy');
  const [state, setState] = useState({ busy: false, done: false, error: '' });
  // One copy at a time, until it is downloaded (as svc-auth holds it).
  const open = (requests ?? []).some((r) => r.kind === 'copy' && ['unverified', 'open', 'ready'].includes(r.state));

  async function ask() {
    setState({ busy: true, done: false, error: '' });
    try {
      await askCopy(lang);
      setState({ busy: false, done: true, error: '' });
    } catch (err) {
      setState({ busy: false, done: false, error: err instanceof ApiError && err.code ? err.message : t('form.failed') });
    }
    mutate(privacyRequestsKey(lang));
  }

  return (
    <section aria-labelledby={`${id}-title`} className="account__block privacy-settings" data-testid="privacy-settings">
      <h2 id={`${id}-title`}>{t('settings.title')}</h2>
      <p>{t('settings.lead')}</p>
      {state.done && <Notice>{t('settings.asked')}</Notice>}
      {state.error && <Notice tone="error">{state.error}</Notice>}
      <div className="actions">
        <button type="button" className="button" onClick={ask} disabled={state.busy || open} data-action="ask-copy">
          {state.busy ? t('settings.asking') : t('settings.ask')}
        </button>
      </div>
      {error && !requests && <Notice tone="error">{error.code ? error.message : t('form.failed')}</Notice>}
      {requests?.length > 0 && (
        <>
          <h3>{t('settings.requests')}</h3>
          <ul className="privacy-requests">
            {requests.map((r) => (
              <li key={r.id} data-request-id={r.id} data-state={r.state} aria-current={r.id === marked ? 'true' : undefined} className={r.id === marked ? 'privacy-requests__marked' : undefined}>
                <strong>{t(`kinds.${r.kind}`)}</strong> · <span className="privacy-requests__state">{t(`states.${r.state}`)}</span>
                <br />
                <span className="field__hint">
                  {t('askedAt', { date: formatIstanbulMoment(lang, r.openedAt ?? r.createdAt) })}
                  {r.dueAt && ['unverified', 'open'].includes(r.state) && <> · {t('dueAt', { date: formatIstanbulMoment(lang, r.dueAt) })}</>}
                  {r.readyAt && <> · {t('readyAt', { date: formatIstanbulMoment(lang, r.readyAt) })}</>}
                </span>
                {['ready', 'delivered'].includes(r.state) && (
                  <p>
                    <a className="button button--small" href={copyUrl(r.id)} download data-action="download-copy">
                      {t('settings.download')}
                    </a>
                  </p>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {requests?.length === 0 && <p className="field__hint">{t('settings.none')}</p>}
      <Consents />
      <Erasure onErased={onErased} />
    </section>
  );
}

/**
 * Erasure asks for the account and its data to be erased: the password confirms it, and a box
 * nobody ticked beforehand says the person knows it cannot be undone. The account closes at once
 * (svc-auth ends every session), so onErased() takes the person out of the account.
 */
function Erasure({ onErased }) {
  const lang = useLanguage();
  const t = usePrivacyTexts();
  const id = useId();
  const [password, setPassword] = useState('');
  const [sure, setSure] = useState(false);
  const [state, setState] = useState({ busy: false, errors: {}, error: '' });
  async function submit(e) {
    e.preventDefault();
    const errors = {};
    if (!password) errors.password = t('erase.passwordRequired');
    if (!sure) errors.confirm = t('erase.confirmRequired');
    if (Object.keys(errors).length > 0) return setState({ busy: false, errors, error: '' });
    setState({ busy: true, errors: {}, error: '' });
    try {
      await askErasure(password, lang);
      await onErased?.();
    } catch (err) {
      const known = err instanceof ApiError && err.code;
      setState({ busy: false, errors: known ? { password: err.fields?.password } : {}, error: known && !err.fields?.password ? err.message : known ? '' : t('form.failed') });
    }
  }
  return (
    <form className="form privacy-erasure" onSubmit={submit} noValidate data-testid="privacy-erasure">
      <h3>{t('erase.title')}</h3>
      <p>{t('erase.lead')}</p>
      {state.error && <Notice tone="error">{state.error}</Notice>}
      <Field id={`${id}-password`} name="password" type="password" autoComplete="current-password" label={t('erase.password')} value={password} onChange={(e) => setPassword(e.target.value)} error={state.errors.password} required />
      <CheckField id={`${id}-sure`} name="confirmErasure" label={t('erase.confirm')} checked={sure} onChange={(e) => setSure(e.target.checked)} error={state.errors.confirm} required />
      <div className="actions">
        <button type="submit" className="button button--danger" disabled={state.busy} data-action="erase">
          {state.busy ? t('erase.sending') : t('erase.submit')}
        </button>
      </div>
    </form>
  );
}

/** Consents is the marketing e-mails' choice, saved as it is changed, and the consent history. */
function Consents() {
  const lang = useLanguage();
  const t = usePrivacyTexts();
  const id = useId();
  const { mutate } = useSWRConfig();
  const { data } = useConsents(lang);
  const [state, setState] = useState({ busy: false, saved: false, error: '' });
  // The box follows the click at once; the saved choice replaces it, a refusal puts it back.
  const [shown, setShown] = useState(null);
  if (!data) return null;
  async function change(e) {
    const given = e.target.checked;
    setShown(given);
    setState({ busy: true, saved: false, error: '' });
    try {
      const answer = await setMarketing(given, lang);
      mutate(consentsKey(lang), answer, { revalidate: false });
      setState({ busy: false, saved: true, error: '' });
    } catch (err) {
      setState({ busy: false, saved: false, error: err instanceof ApiError && err.code ? err.message : t('form.failed') });
    }
    setShown(null);
  }
  return (
    <div data-testid="consents">
      <h3>{t('settings.marketingTitle')}</h3>
      <CheckField id={`${id}-marketing`} name="marketingEmails" label={t('settings.marketing')} checked={shown ?? data.marketingEmails} onChange={change} />
      {state.saved && <p role="status" className="field__hint">{t('settings.marketingSaved')}</p>}
      {state.error && <Notice tone="error">{state.error}</Notice>}
      {data.history.length > 0 && (
        <>
          <h3>{t('settings.consentsTitle')}</h3>
          <ul className="privacy-consents">
            {data.history.map((c, i) => (
              <li key={`${c.kind}-${c.at}-${i}`} data-kind={c.kind} data-given={String(c.given)}>
                {t(`settings.consentKinds.${c.kind}`, { defaultValue: c.kind })}: {c.given ? t('settings.given') : t('settings.withdrawn')} · {formatIstanbulMoment(lang, c.at)}
                {c.version && <> · {t('settings.version', { version: c.version })}</>}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
