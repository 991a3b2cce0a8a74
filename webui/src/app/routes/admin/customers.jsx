import { Customers } from '../../../features/staff/components/customers.jsx';
import { useMoneyTexts } from '../../../features/staff/money-texts.js';

/** Component is the back office's customers (DESIGN §11). */
export function Component() {
  const t = useMoneyTexts();
  return (
    <>
      <p className="lead">{t('customers.lead')}</p>
      <Customers />
    </>
  );
}
