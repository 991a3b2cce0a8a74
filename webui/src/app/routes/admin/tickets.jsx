import { Tickets } from '../../../features/staff/components/tickets.jsx';
import { useStaffTexts } from '../../../features/staff/texts.js';

/** Component is the back office's support tickets (DESIGN §11). */
export function Component() {
  const t = useStaffTexts();
  return (
    <>
      <p className="lead">{t('tickets.lead')}</p>
      <Tickets />
    </>
  );
}
