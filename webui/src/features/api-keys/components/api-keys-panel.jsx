import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { path } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { formatIstanbulMoment } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { Notice } from '../../../components/notice.jsx';
import { Field } from '../../../components/form-fields.jsx';
import { apiKeysKey, createApiKey, revokeApiKey, useApiKeys } from '../api/api-keys.js';
import { useApiKeyTexts } from '../texts.js';
import { SandboxBadge } from './sandbox-badge.jsx';
import { KeyTitle, isActive, isExpired } from './key-title.jsx';
import '../api-keys.css';

/**
 * ApiKeysPanel is the customer's API keys: a form that makes one (live, or for the sandbox space)
 * and shows its secret this once, and the keys with their space, access, dates, last use and
 * state, each revocable.
 */
export function ApiKeysPanel() {
  const lang = useLanguage();
  const t = useApiKeyTexts();
  const { data: keys, error } = useApiKeys(lang);
  const [secret, setSecret] = useState(null);
  return (
    <>
      <p className="lead">{t('lead')}</p>
      <p className="api-keys__docs">
        <Link to={path('developers', lang)} data-testid="api-docs-link">
          {t('docs')}
        </Link>
      </p>
      {secret ? <KeySecret secret={secret.value} sandbox={secret.sandbox} onDone={() => setSecret(null)} /> : <NewKeyForm onCreated={setSecret} />}
      <section aria-labelledby="api-keys-list" className="account__block" data-testid="api-keys">
        <h2 id="api-keys-list">{t('list.title')}</h2>
        {error && !keys && <Notice tone="error">{error.code ? error.message : t('list.failed')}</Notice>}
        {keys?.length === 0 && <p className="field__hint">{t('list.none')}</p>}
        {keys?.length > 0 && (
          <ul className="api-keys">
            {keys.map((k) => (
              <KeyItem key={k.id} apiKey={k} />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

// The spaces a key can act in: the live one (real orders, charged) and the customer's sandbox.
export const ENVIRONMENTS = ['live', 'sandbox'];
const EMPTY_FORM = { name: '', environment: 'live', scope: 'read+write', expires: '' };

/**
 * newKey is the key the form asks for: its name, scope, sandbox (true for the sandbox space, false
 * for the live one) and, when a day is chosen, its expiry, the end of that day in Istanbul (UTC+3),
 * the agency's day.
 */
export function newKey(form) {
  const key = { name: form.name, scope: form.scope, sandbox: form.environment === 'sandbox' };
  if (form.expires) key.expiresAt = `${form.expires}T23:59:59+03:00`;
  return key;
}

/**
 * NewKeyForm makes a key: a name, live or sandbox (sent as sandbox: true|false), read or read and
 * write, an optional expiry date. onCreated({ value, sandbox }) gets its secret.
 */
function NewKeyForm({ onCreated }) {
  const lang = useLanguage();
  const t = useApiKeyTexts();
  const id = useId();
  const { mutate } = useSWRConfig();
  const [form, setForm] = useState(EMPTY_FORM);
  const [state, setState] = useState({ busy: false, errors: {}, error: '' });
  const set = (field) => (e) => setForm((f) => ({ ...f, [field]: e.target.value }));
  async function submit(e) {
    e.preventDefault();
    if (state.busy) return;
    setState({ busy: true, errors: {}, error: '' });
    const key = newKey(form);
    try {
      const created = await createApiKey(key, lang);
      setForm(EMPTY_FORM);
      setState({ busy: false, errors: {}, error: '' });
      onCreated({ value: created.secret, sandbox: created.sandbox ?? key.sandbox });
    } catch (err) {
      const known = err instanceof ApiError && err.code;
      const errors = known ? err.fields : {};
      setState({ busy: false, errors, error: known ? (Object.keys(errors).length ? '' : err.message) : t('form.failed') });
    }
    mutate(apiKeysKey(lang));
  }
  return (
    <form className="form account__block api-key-form" onSubmit={submit} noValidate data-testid="api-key-form">
      <h2>{t('form.title')}</h2>
      {state.error && <Notice tone="error">{state.error}</Notice>}
      <Field id={`${id}-name`} name="name" label={t('form.name')} hint={t('form.nameHint')} value={form.name} onChange={set('name')} error={state.errors.name} maxLength={60} required />
      <fieldset className="api-key-form__environment" aria-describedby={state.errors.sandbox ? `${id}-environment-error` : undefined}>
        <legend>{t('form.environment')}</legend>
        {ENVIRONMENTS.map((environment) => (
          <label key={environment} className="api-key-environment" data-environment={environment}>
            <input type="radio" name="environment" value={environment} checked={form.environment === environment} onChange={set('environment')} aria-describedby={`${id}-${environment}-hint`} />
            <span>
              <strong>{t(`environments.${environment}.label`)}</strong>
              <span id={`${id}-${environment}-hint`} className="field__hint">
                {t(`environments.${environment}.hint`)}
              </span>
            </span>
          </label>
        ))}
        {state.errors.sandbox && (
          <p id={`${id}-environment-error`} className="field__error">
            {state.errors.sandbox}
          </p>
        )}
      </fieldset>
      <fieldset className="choices api-key-form__scope" aria-describedby={state.errors.scope ? `${id}-scope-error` : undefined}>
        <legend>{t('form.scope')}</legend>
        {['read+write', 'read'].map((scope) => (
          <label key={scope} className="choice">
            <input type="radio" name="scope" value={scope} checked={form.scope === scope} onChange={set('scope')} /> {t(`scopes.${scope}`)}
          </label>
        ))}
        {state.errors.scope && (
          <p id={`${id}-scope-error`} className="field__error">
            {state.errors.scope}
          </p>
        )}
      </fieldset>
      <Field id={`${id}-expires`} name="expiresAt" type="date" label={t('form.expires')} hint={t('form.expiresHint')} value={form.expires} onChange={set('expires')} error={state.errors.expiresAt} />
      <div className="actions">
        <button type="submit" className="button" disabled={state.busy} data-action="create-key">
          {state.busy ? t('form.creating') : t('form.create')}
        </button>
      </div>
    </form>
  );
}

/**
 * KeySecret shows a new key's secret once, with a button that copies it; a sandbox key's says it acts
 * in the sandbox space, and where its webhook endpoints are (no link: leaving loses the secret).
 */
export function KeySecret({ secret, sandbox = false, onDone }) {
  const t = useApiKeyTexts();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false); // no clipboard (an insecure origin): the secret stays shown to select by hand
    }
  }
  return (
    <section className={`account__block api-key-secret${sandbox ? ' api-key-secret--sandbox' : ''}`} role="status" data-testid="api-key-secret" data-sandbox={String(sandbox)}>
      <h2>
        {sandbox ? t('secret.sandboxTitle') : t('secret.title')}
        {sandbox && (
          <>
            {' '}
            <SandboxBadge />
          </>
        )}
      </h2>
      <p>{t('secret.lead')}</p>
      {sandbox && (
        <p className="api-key-secret__sandbox" data-testid="sandbox-key-note">
          {t('secret.sandboxLead')}
        </p>
      )}
      <p className="api-key-secret__value">
        <code data-secret>{secret}</code>
      </p>
      <div className="actions">
        <button type="button" className="button button--secondary" onClick={copy} data-action="copy-key">
          {copied ? t('secret.copied') : t('secret.copy')}
        </button>
        <button type="button" className="button" onClick={onDone} data-action="secret-stored">
          {t('secret.done')}
        </button>
      </div>
    </section>
  );
}

/** KeyItem is one key: its name, the start of its secret, access, dates and state, and Revoke. */
function KeyItem({ apiKey: k }) {
  const lang = useLanguage();
  const t = useApiKeyTexts();
  const { mutate } = useSWRConfig();
  const [state, setState] = useState({ busy: false, error: '' });
  const expired = isExpired(k);
  const active = isActive(k);
  async function revoke() {
    if (!window.confirm(t('list.confirm', { name: k.name }))) return;
    setState({ busy: true, error: '' });
    try {
      await revokeApiKey(k.id, lang);
      setState({ busy: false, error: '' });
    } catch (err) {
      setState({ busy: false, error: err instanceof ApiError && err.code ? err.message : t('list.failed') });
    }
    mutate(apiKeysKey(lang));
  }
  return (
    <li className={active ? 'api-keys__item' : 'api-keys__item api-keys__item--inactive'} data-key-id={k.id} data-active={String(active)} data-sandbox={String(Boolean(k.sandbox))}>
      <KeyTitle apiKey={k} />
      <br />
      <span className="field__hint">
        {t('list.created', { date: formatIstanbulMoment(lang, k.createdAt) })}
        {k.expiresAt && !expired && <> · {t('list.expires', { date: formatIstanbulMoment(lang, k.expiresAt) })}</>}
        {' · '}
        {k.lastUsedAt ? t('list.lastUsed', { date: formatIstanbulMoment(lang, k.lastUsedAt) }) : t('list.never')}
        {k.revokedAt && <> · {t('list.revokedAt', { date: formatIstanbulMoment(lang, k.revokedAt) })} {t(`revokedBy.${k.revokedBy}`, { defaultValue: '' })}</>}
        {expired && <> · {t('list.expired')}</>}
      </span>
      {state.error && <Notice tone="error">{state.error}</Notice>}
      {active && (
        <p>
          <button type="button" className="button button--small button--danger" onClick={revoke} disabled={state.busy} data-action="revoke-key">
            {state.busy ? t('list.revoking') : t('list.revoke')}
          </button>
        </p>
      )}
    </li>
  );
}
