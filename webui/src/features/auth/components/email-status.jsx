import { useState } from 'react';
import { ApiError } from '../../../lib/api-client.js';
import { useLanguage } from '../../../lib/language.jsx';
import { resendVerification } from '../api/account.js';
import { useMailTexts } from '../mail-texts.js';
import { Notice } from '../../../components/notice.jsx';

/**
 * EmailStatus says whether the account's address is confirmed and, while it is not, offers to
 * mail the link again. An unconfirmed address holds nothing back: it is only shown.
 */
export function EmailStatus({ user }) {
  const lang = useLanguage();
  const t = useMailTexts();
  const [state, setState] = useState('idle'); // idle | sending | sent | failed
  const [message, setMessage] = useState('');
  if (!user || user.emailVerified === undefined) return null; // the cookie's stand-in while the service is away
  if (user.emailVerified) {
    return (
      <p className="email-status" data-testid="email-status" data-verified="true">
        <span className="email-status__badge">{t('status.verified')}</span>
      </p>
    );
  }
  const onResend = async () => {
    if (state === 'sending') return;
    setState('sending');
    setMessage('');
    try {
      await resendVerification(lang);
      setState('sent');
    } catch (err) {
      setState('failed');
      // The server words its refusals (too many asked for, confirmed already) in the page's language.
      setMessage(err instanceof ApiError && err.code ? err.message : t('status.failed'));
    }
  };
  return (
    <div className="notice email-status" data-testid="email-status" data-verified="false">
      <p>
        <span className="email-status__badge email-status__badge--wait">{t('status.unverified')}</span> {t('status.unverifiedLead')}
      </p>
      {state === 'sent' ? (
        <Notice>
          {t('status.resent')}
        </Notice>
      ) : (
        <button type="button" className="button button--ghost button--small" disabled={state === 'sending'} onClick={onResend}>
          {state === 'sending' ? t('status.sending') : t('status.resend')}
        </button>
      )}
      {message && (
        <Notice tone="error">
          {message}
        </Notice>
      )}
    </div>
  );
}
