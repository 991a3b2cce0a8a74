import { Inquiries } from '../../../features/staff/components/inquiries.jsx';
import { useContentTexts } from '../../../features/staff/texts-content.js';

/** Component is the back office's contact and corporate messages (DESIGN §11). */
export function Component() {
  const t = useContentTexts();
  return (
    <>
      <p className="lead">{t('inquiries.lead')}</p>
      <Inquiries />
    </>
  );
}
