import { PrivacyRequests } from '../../../features/staff/components/privacy-requests.jsx';
import { usePrivacyStaffTexts } from '../../../features/staff/texts-privacy.js';

/** Component is the back office's KVKK requests with their 30-day clocks (DESIGN §14). */
export function Component() {
  const t = usePrivacyStaffTexts();
  return (
    <>
      <p className="lead">{t('lead')}</p>
      <PrivacyRequests />
    </>
  );
}
