import { useOutletContext } from 'react-router-dom';
import { path } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { defineTexts } from '../../../lib/i18n.js';
import { useAuth } from '../../../features/auth/auth-context.jsx';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form.jsx';
import { EmailStatus } from '../../../features/auth/components/email-status.jsx';
import { MailPreferences } from '../../../features/auth/components/mail-preferences.jsx';
import { useMailTexts } from '../../../features/auth/mail-texts.js';
import { PrivacySettings } from '../../../features/privacy/components/privacy-settings.jsx';
import { SettingsTabs } from '../../settings-tabs.jsx';

// The account's settings: the account's security (the password, whether the address is
// confirmed), which optional mails come, and the person's KVKK requests (a copy of their data).
// Customers and translators share it; job offers are a translator's only, and the API keys
// (a tab of this section) a customer's.
const texts = {
  tr: {
    lead: 'Hesabınızın güvenliği ve size gönderdiğimiz e-postalar.',
    passwordTitle: 'Parolayı değiştir',
    emailTitle: 'E-posta adresiniz',
  },
  en: {
    lead: 'Your account security and the mails we send you.',
    passwordTitle: 'Change password',
    emailTitle: 'Your e-mail address',
  },
};
const useAccountSettingsTexts = defineTexts('account-settings', texts);

export function Component() {
  const { title } = useOutletContext();
  const t = useAccountSettingsTexts();
  const m = useMailTexts();
  const { user, logout } = useAuth();
  const lang = useLanguage();
  return (
    <>
      <h1>{title}</h1>
      {user?.type === 'customer' && <SettingsTabs />}
      <p className="lead">{t('lead')}</p>
      <section aria-labelledby="account-email-title" className="account__block">
        <h2 id="account-email-title">{t('emailTitle')}</h2>
        <p>{user?.email}</p>
        <EmailStatus user={user} />
      </section>
      <section aria-labelledby="account-mail-title" className="account__block">
        <h2 id="account-mail-title">{m('prefs.title')}</h2>
        <MailPreferences translator={user?.type === 'translator'} />
      </section>
      <section aria-labelledby="account-password-title" className="account__block">
        <h2 id="account-password-title">{t('passwordTitle')}</h2>
        <ChangePasswordForm />
      </section>
      <PrivacySettings onErased={() => logout(`${path('dataRequest', lang)}?erased=1`)} />
    </>
  );
}
