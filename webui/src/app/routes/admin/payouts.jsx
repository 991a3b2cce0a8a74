import { Payouts } from '../../../features/staff/components/payouts.jsx';
import { useStaffTexts } from '../../../features/staff/texts.js';

/** Component is the back office's translator payouts (DESIGN §11). */
export function Component() {
  const t = useStaffTexts();
  return (
    <>
      <p className="lead">{t('payouts.lead')}</p>
      <Payouts />
    </>
  );
}
