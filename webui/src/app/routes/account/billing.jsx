import { useOutletContext } from 'react-router-dom';
import { defineTexts } from '../../../lib/i18n.js';
import { BillingForm } from '../../../features/billing/components/billing-form.jsx';
import { BillingTabs } from '../../../features/billing/components/billing-tabs.jsx';

// The billing area's first tab: the details invoices are issued with (svc-billing API.md).
const texts = {
  tr: { lead: 'Faturalarınız bu bilgilerle kesilir ve belirttiğiniz e-posta adresine gönderilir.' },
  en: { lead: 'Your invoices are issued with these details and sent to the e-mail address you give.' },
};
const useAccountBillingTexts = defineTexts('account-billing', texts);

export function Component() {
  const { title } = useOutletContext();
  const t = useAccountBillingTexts();
  return (
    <>
      <h1>{title}</h1>
      <BillingTabs />
      <p className="lead">{t('lead')}</p>
      <BillingForm />
    </>
  );
}
