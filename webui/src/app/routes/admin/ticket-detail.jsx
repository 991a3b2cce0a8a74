import { useParams } from 'react-router-dom';
import { TicketDetail } from '../../../features/staff/components/tickets.jsx';

/** Component is one ticket in the back office (DESIGN §11). */
export function Component() {
  const { id } = useParams();
  return <TicketDetail id={id} />;
}
