import { useOutletContext } from 'react-router';
import { useTexts } from '../../../lib/i18n.js';
import { ChangePasswordForm } from '../../../features/auth/components/change-password-form.jsx';

// The account's settings: the account's security, for now changing the password.
const texts = {
  tr: {
    lead: 'Hesabınızın güvenliği: parolanızı buradan değiştirebilirsiniz.',
    passwordTitle: 'Parolayı değiştir',
  },
  en: {
    lead: 'Your account security: change your password here.',
    passwordTitle: 'Change password',
  },
};

export function Component() {
  const { title } = useOutletContext();
  const t = useTexts('account-settings', texts);
  return (
    <>
      <h1>{title}</h1>
      <p className="lead">{t('lead')}</p>
      <section aria-labelledby="account-password-title" className="account__block">
        <h2 id="account-password-title">{t('passwordTitle')}</h2>
        <ChangePasswordForm />
      </section>
    </>
  );
}
