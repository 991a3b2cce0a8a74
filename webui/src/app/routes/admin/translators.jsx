import { Translators } from '../../../features/staff/components/translators.jsx';
import { useStaffTexts } from '../../../features/staff/texts.js';

/** Component is the back office's translators (DESIGN §11). */
export function Component() {
  const t = useStaffTexts();
  return (
    <>
      <p className="lead">{t('translators.lead')}</p>
      <Translators />
    </>
  );
}
