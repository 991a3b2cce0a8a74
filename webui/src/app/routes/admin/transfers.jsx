import { Transfers } from '../../../features/staff/components/transfers.jsx';
import { useStaffTexts } from '../../../features/staff/texts.js';

/** Component is the back office's bank transfers to confirm (DESIGN §11). */
export function Component() {
  const t = useStaffTexts();
  return (
    <>
      <p className="lead">{t('transfers.lead')}</p>
      <Transfers />
    </>
  );
}
