import { useOutletContext } from 'react-router-dom';
import { BillingTabs } from '../../../features/billing/components/billing-tabs.jsx';
import { InvoicesList } from '../../../features/billing/components/invoices-list.jsx';

/** Component is the billing area's invoices tab: /tr/hesabim/fatura-bilgileri/faturalar. */
export function Component() {
  const { title } = useOutletContext();
  return (
    <>
      <h1>{title}</h1>
      <BillingTabs />
      <InvoicesList />
    </>
  );
}
