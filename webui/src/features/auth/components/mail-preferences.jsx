import { useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../../lib/api-client.js';
import { useLanguage } from '../../../lib/language.jsx';
import { Loading } from '../../../components/loading.jsx';
import { saveMailPreferences, useMailPreferences } from '../api/account.js';
import { useMailTexts } from '../mail-texts.js';
import { Notice } from '../../../components/notice.jsx';

/**
 * MailPreferences are the switches of the optional mails (svc-auth API.md "Mails"): job offers,
 * which only translators get, and reminders. A switch saves at once; the mails a user must get are
 * named above them as always coming.
 */
export function MailPreferences({ translator }) {
  const lang = useLanguage();
  const t = useMailTexts();
  const { data, error } = useMailPreferences(lang);
  if (error) return <p className="form__error">{error.code ? error.message : t('prefs.loadFailed')}</p>;
  if (!data) return <Loading />;
  return <MailPreferencesView initial={data} translator={translator} />;
}

/** MailPreferencesView draws the switches of initial ({ offers, reminders }) and saves a change. */
export function MailPreferencesView({ initial, translator, save }) {
  const lang = useLanguage();
  const t = useMailTexts();
  const id = useId();
  const { mutate } = useSWRConfig();
  const [prefs, setPrefs] = useState(initial);
  const [status, setStatus] = useState({ kind: '', text: '' });
  const [sending, setSending] = useState(false);
  const toggle = (name) => async (e) => {
    const next = { ...prefs, [name]: e.target.checked };
    setPrefs(next);
    setSending(true);
    setStatus({ kind: '', text: '' });
    try {
      const saved = await (save ?? saveMailPreferences)(next, lang);
      setPrefs({ offers: saved.offers, reminders: saved.reminders });
      mutate((key) => Array.isArray(key) && key[0] === '/api/v1/auth/me/mail-preferences', saved, { revalidate: false });
      setStatus({ kind: 'saved', text: t('prefs.saved') });
    } catch (err) {
      setPrefs(prefs); // as it was: nothing was saved
      setStatus({ kind: 'failed', text: err instanceof ApiError && err.code ? err.message : t('prefs.failed') });
    } finally {
      setSending(false);
    }
  };
  const names = translator ? ['offers', 'reminders'] : ['reminders'];
  return (
    <div className="form" data-testid="mail-preferences" aria-busy={sending}>
      <p>{t('prefs.lead')}</p>
      {names.map((name) => (
        <div key={name} className="field field--check">
          <input id={`${id}-${name}`} name={name} type="checkbox" role="switch" checked={!!prefs[name]} disabled={sending} onChange={toggle(name)} aria-describedby={`${id}-${name}-hint`} />
          <label htmlFor={`${id}-${name}`}>{t(`prefs.${name}`)}</label>
          <p id={`${id}-${name}-hint`} className="field__hint">
            {t(`prefs.${name}Hint`)}
          </p>
        </div>
      ))}
      {status.kind === 'saved' && (
        <Notice>
          {status.text}
        </Notice>
      )}
      {status.kind === 'failed' && (
        <Notice tone="error">
          {status.text}
        </Notice>
      )}
    </div>
  );
}
