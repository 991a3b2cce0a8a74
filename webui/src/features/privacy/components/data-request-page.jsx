import { useEffect, useId, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { accountPath } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { useLanguage } from '../../../lib/language.jsx';
import { Field, FormError } from '../../../components/form-fields.jsx';
import { Notice } from '../../../components/notice.jsx';
import { askByEmail, confirmRequest, visitorCopyUrl } from '../api/privacy.js';
import { usePrivacyTexts } from '../texts.js';

/**
 * DataRequestPage is a visitor's KVKK request: the form (an e-mail address), the mailed
 * confirmation link's landing (?token=, which starts the request) and the mailed download link's
 * (?download=). signedIn sends a signed-in person to Settings, where their account is the check.
 */
export function DataRequestPage({ signedIn = false }) {
  const [params] = useSearchParams();
  const token = params.get('token');
  const download = params.get('download');
  if (params.get('erased')) return <Erased />;
  if (download) return <Download token={download} />;
  if (token) return <Confirm token={token} />;
  return <RequestForm signedIn={signedIn} />;
}

function RequestForm({ signedIn }) {
  const lang = useLanguage();
  const t = usePrivacyTexts();
  const id = useId();
  const [email, setEmail] = useState('');
  const [kind, setKind] = useState('copy');
  const [state, setState] = useState({ status: 'idle', error: '', field: '' });
  async function submit(e) {
    e.preventDefault();
    if (!email.trim()) {
      setState({ status: 'idle', error: '', field: t('form.required') });
      return;
    }
    setState({ status: 'sending', error: '', field: '' });
    try {
      await askByEmail(email, kind, lang);
      setState({ status: 'sent', error: '', field: '' });
    } catch (err) {
      const known = err instanceof ApiError && err.code;
      setState({ status: 'idle', error: known && !err.fields?.email ? err.message : known ? '' : t('form.failed'), field: err.fields?.email ?? '' });
    }
  }
  return (
    <>
      <p>{t('form.lead')}</p>
      {signedIn && (
        <Notice>
          {t('form.signedIn')} <Link to={accountPath(lang, 'ayarlar')}>{t('form.settings')}</Link>
        </Notice>
      )}
      {state.status === 'sent' ? (
        <Notice testid="data-request-sent">{t('form.sent')}</Notice>
      ) : (
        <form className="form" onSubmit={submit} noValidate data-testid="data-request-form">
          {state.error && <FormError>{state.error}</FormError>}
          <fieldset className="field">
            <legend>{t('form.kind')}</legend>
            {['copy', 'erasure'].map((k) => (
              <label key={k} className="field--radio">
                <input type="radio" name="kind" value={k} checked={kind === k} onChange={() => setKind(k)} /> {t(`form.kinds.${k}`)}
              </label>
            ))}
          </fieldset>
          <Field id={`${id}-email`} name="email" type="email" autoComplete="email" label={t('form.email')} value={email} onChange={(e) => setEmail(e.target.value)} error={state.field} required />
          <div className="actions">
            <button type="submit" className="button" disabled={state.status === 'sending'}>
              {state.status === 'sending' ? t('form.sending') : t('form.send')}
            </button>
          </div>
        </form>
      )}
    </>
  );
}

function Confirm({ token }) {
  const lang = useLanguage();
  const t = usePrivacyTexts();
  const [state, setState] = useState({ kind: 'working', text: '' });
  const sent = useRef('');
  useEffect(() => {
    if (sent.current === token) return; // once per link, StrictMode's second run included
    sent.current = token;
    confirmRequest(token, lang).then(
      (r) => setState({ kind: r?.kind === 'erasure' ? 'erasing' : 'done', text: '' }),
      (err) => setState({ kind: 'failed', text: err instanceof ApiError && err.code ? err.message : t('form.failed') }),
    );
  }, [token, lang, t]);
  return (
    <div data-testid="data-request-confirm" data-state={state.kind}>
      {state.kind === 'working' && <p role="status">{t('form.confirming')}</p>}
      {state.kind === 'done' && <Notice>{t('form.confirmed')}</Notice>}
      {state.kind === 'erasing' && <Notice>{t('form.confirmedErasure')}</Notice>}
      {state.kind === 'failed' && <Notice tone="error">{state.text}</Notice>}
    </div>
  );
}

function Download({ token }) {
  const t = usePrivacyTexts();
  return (
    <div data-testid="data-request-download">
      <p>{t('form.download')}</p>
      <p className="actions">
        <a className="button" href={visitorCopyUrl(token)} download data-action="download-copy">
          {t('form.downloadButton')}
        </a>
      </p>
    </div>
  );
}

/** Erased is where an account asked to be erased from Settings lands, signed out. */
function Erased() {
  const t = usePrivacyTexts();
  return (
    <Notice testid="data-request-erased" role="status">
      {t('erased')}
    </Notice>
  );
}
