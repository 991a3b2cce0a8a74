import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { accountPath, path } from '../../config/paths.js';
import { ApiError } from '../../lib/api-client.js';
import { useLanguage } from '../../lib/language.jsx';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { useAuth } from '../../features/auth/auth-context.jsx';
import { verifyEmail } from '../../features/auth/api/account.js';
import { useMailTexts } from '../../features/auth/mail-texts.js';
import { Notice } from '../../components/notice.jsx';

// The page the welcome mail's confirmation link opens (/tr/eposta-dogrula?token=…). It confirms
// the address as it opens, signed in or not (the token is the check), and says how it went in
// the server's words. It lives in the browser only: the token is the reader's, never indexed.
export function Component() {
  const lang = useLanguage();
  const t = useMailTexts();
  usePageMeta({ title: t('verify.title'), description: t('verify.description'), noindex: true });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const { loggedIn, refresh } = useAuth();
  const [state, setState] = useState({ kind: token ? 'working' : 'noToken', text: '' });
  const sent = useRef('');
  useEffect(() => {
    if (!token || sent.current === token) return; // once per link, StrictMode's second run included
    sent.current = token;
    verifyEmail(token, lang).then(
      () => {
        setState({ kind: 'done', text: '' });
        refresh(); // the profile shows the address confirmed
      },
      (err) => {
        const known = err instanceof ApiError && err.code;
        // A used link means the address is confirmed: news, not an error.
        setState({ kind: known && err.code === 'verification_used' ? 'used' : 'failed', text: known ? err.message : t('verify.failed') });
      },
    );
  }, [token, lang, refresh, t]);

  const next = loggedIn ? (
    <Link className="button" to={accountPath(lang, 'kisisel-bilgiler')}>
      {t('verify.account')}
    </Link>
  ) : (
    <Link className="button" to={path('login', lang)}>
      {t('verify.login')}
    </Link>
  );
  return (
    <div className="page page--narrow auth-page" data-testid="verify-email" data-state={state.kind}>
      <h1>{t('verify.title')}</h1>
      {state.kind === 'working' && <p role="status">{t('verify.working')}</p>}
      {state.kind === 'done' && (
        <Notice>
          {t('verify.done')}
        </Notice>
      )}
      {state.kind === 'used' && (
        <Notice>
          {state.text}
        </Notice>
      )}
      {(state.kind === 'failed' || state.kind === 'noToken') && (
        <Notice tone="error">
          {state.kind === 'noToken' ? t('verify.noToken') : state.text}
        </Notice>
      )}
      {state.kind !== 'working' && <div className="actions">{next}</div>}
    </div>
  );
}
