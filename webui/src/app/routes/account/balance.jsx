import { useOutletContext } from 'react-router-dom';
import { BalancePage } from '../../../features/billing/components/balance-page.jsx';
import { BillingTabs } from '../../../features/billing/components/billing-tabs.jsx';

/** Component is the billing area's balance tab: /tr/hesabim/fatura-bilgileri/bakiye. */
export function Component() {
  const { title } = useOutletContext();
  return (
    <>
      <h1>{title}</h1>
      <BillingTabs />
      <BalancePage />
    </>
  );
}
