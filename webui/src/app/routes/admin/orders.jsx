import { Orders } from '../../../features/staff/components/orders.jsx';
import { useStaffOrdersTexts } from '../../../features/staff/orders-texts.js';

/** Component is the back office's orders (DESIGN §11). */
export function Component() {
  const t = useStaffOrdersTexts();
  return (
    <>
      <p className="lead">{t('orders.lead')}</p>
      <Orders />
    </>
  );
}
