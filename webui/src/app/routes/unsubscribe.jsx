import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { accountPath } from '../../config/paths.js';
import { ApiError } from '../../lib/api-client.js';
import { useLanguage } from '../../lib/language.jsx';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { unsubscribe } from '../../features/auth/api/account.js';
import { useMailTexts } from '../../features/auth/mail-texts.js';
import { Notice } from '../../components/notice.jsx';

// The page an optional mail's unsubscribe link opens (/tr/abonelikten-cik?token=…, through
// svc-auth's GET of the one-click address). It turns the one category the token names off as it
// opens (the reader clicked "unsubscribe"; the visit to the mailed address itself changed
// nothing, so link checkers turn nothing off), says so, and points at the settings to turn it on
// again: the token can only turn off.
export function Component() {
  const lang = useLanguage();
  const t = useMailTexts();
  usePageMeta({ title: t('unsubscribe.title'), description: t('unsubscribe.description'), noindex: true });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const [state, setState] = useState({ kind: token ? 'working' : 'noToken', text: '' });
  const sent = useRef('');
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    unsubscribe(token, lang).then(
      (answer) => setState({ kind: 'done', text: t(`unsubscribe.done.${answer?.category}`, { defaultValue: '' }) }),
      (err) => setState({ kind: 'failed', text: err instanceof ApiError && err.code ? err.message : t('unsubscribe.failed') }),
    );
  }, [token, lang, t]);

  return (
    <div className="page page--narrow auth-page" data-testid="unsubscribe" data-state={state.kind}>
      <h1>{t('unsubscribe.title')}</h1>
      {state.kind === 'working' && <p role="status">{t('unsubscribe.working')}</p>}
      {state.kind === 'done' && (
        <>
          <Notice>
            {state.text}
          </Notice>
          <p>{t('unsubscribe.again')}</p>
        </>
      )}
      {(state.kind === 'failed' || state.kind === 'noToken') && (
        <Notice tone="error">
          {state.kind === 'noToken' ? t('unsubscribe.noToken') : state.text}
        </Notice>
      )}
      {state.kind !== 'working' && (
        <div className="actions">
          <Link className="button" to={accountPath(lang, 'ayarlar')}>
            {t('unsubscribe.settings')}
          </Link>
        </div>
      )}
    </div>
  );
}
