import { Applications } from '../../../features/staff/components/applications.jsx';
import { useStaffTexts } from '../../../features/staff/texts.js';

/** Component is the back office's translator applications (DESIGN §11). */
export function Component() {
  const t = useStaffTexts();
  return (
    <>
      <p className="lead">{t('applications.lead')}</p>
      <Applications />
    </>
  );
}
