import { Dashboard } from '../../../features/staff/components/dashboard.jsx';
import { useStaffTexts } from '../../../features/staff/texts.js';

/** Component is the back office's dashboard: what waits for a person (DESIGN §11). */
export function Component() {
  const t = useStaffTexts();
  return (
    <>
      <p className="lead">{t('dashboard.lead')}</p>
      <Dashboard />
    </>
  );
}
