import { Audit } from '../../../features/staff/components/audit.jsx';
import { useAuditTexts } from '../../../features/staff/texts-audit.js';

/** Component is the back office's audit log, per area, object and staff member (DESIGN §11). */
export function Component() {
  const t = useAuditTexts();
  return (
    <>
      <p className="lead">{t('lead')}</p>
      <Audit />
    </>
  );
}
