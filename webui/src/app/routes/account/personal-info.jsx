import { useOutletContext } from 'react-router-dom';
import { defineTexts } from '../../../lib/i18n.js';
import { ProfileForm } from '../../../features/auth/components/profile-form.jsx';

// The account's personal info: the contact details the agency uses for orders and invoices.
const texts = {
  tr: { lead: 'Siparişleriniz ve faturalarınız için kullandığımız iletişim bilgileriniz.' },
  en: { lead: 'The contact details we use for your orders and invoices.' },
};
const useAccountPersonalInfoTexts = defineTexts('account-personal-info', texts);

export function Component() {
  const { title } = useOutletContext();
  const t = useAccountPersonalInfoTexts();
  return (
    <>
      <h1>{title}</h1>
      <p className="lead">{t('lead')}</p>
      <ProfileForm />
    </>
  );
}
