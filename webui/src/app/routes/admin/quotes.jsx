import { Quotes } from '../../../features/staff/components/quotes.jsx';
import { useStaffOrdersTexts } from '../../../features/staff/orders-texts.js';

/** Component is the back office's quotes (DESIGN §11). */
export function Component() {
  const t = useStaffOrdersTexts();
  return (
    <>
      <p className="lead">{t('quotes.lead')}</p>
      <Quotes />
    </>
  );
}
