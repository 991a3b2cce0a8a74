import { Link, useSearchParams } from 'react-router-dom';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { defineTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.jsx';
import { Notice } from '../../components/notice.jsx';

// The page a password-reset mail links to (/tr/parola-sifirla?token=…). It lives in the
// browser only: the token is the visitor's, never prerendered or indexed.
const texts = {
  tr: {
    title: 'Parolanızı Sıfırlayın',
    description: 'E-postanıza gelen bağlantıyla LinguaPort hesabınız için yeni bir parola belirleyin.',
    heading: 'Yeni parolanızı belirleyin',
    lead: 'Bağlantı bir saat geçerlidir ve yalnızca bir kez kullanılabilir.',
    noToken: 'Bu bağlantı eksik görünüyor. E-postadaki bağlantıyı eksiksiz açın ya da giriş sayfasından yeni bir bağlantı isteyin.',
    login: 'Giriş sayfasına gidin',
  },
  en: {
    title: 'Reset your password',
    description: 'Choose a new password for your LinguaPort account with the link we emailed you.',
    heading: 'Choose your new password',
    lead: 'The link is valid for one hour and can be used only once.',
    noToken: 'This link looks incomplete. Open the link in the email in full, or ask for a new one on the login page.',
    login: 'Go to the login page',
  },
};
const useResetPasswordTexts = defineTexts('reset-password', texts);

export function Component() {
  const lang = useLanguage();
  const t = useResetPasswordTexts();
  usePageMeta({ title: t('title'), description: t('description'), noindex: true });
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const login = (
    <Link className="button" to={path('login', lang)}>
      {t('login')}
    </Link>
  );
  return (
    <div className="page page--narrow auth-page">
      <h1>{t('heading')}</h1>
      {token ? (
        <>
          <p className="lead">{t('lead')}</p>
          <ResetPasswordForm token={token}>{login}</ResetPasswordForm>
        </>
      ) : (
        <>
          <Notice tone="error">
            {t('noToken')}
          </Notice>
          <div className="actions">{login}</div>
        </>
      )}
    </div>
  );
}
