import { Invoices } from '../../../features/staff/components/invoices.jsx';
import { useMoneyTexts } from '../../../features/staff/money-texts.js';

/** Component is the back office's invoices (DESIGN §11). */
export function Component() {
  const t = useMoneyTexts();
  return (
    <>
      <p className="lead">{t('invoices.lead')}</p>
      <Invoices />
    </>
  );
}
