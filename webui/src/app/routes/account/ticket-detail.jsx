import { useParams } from 'react-router-dom';
import { TicketPage } from '../../../features/support/components/ticket-page.jsx';

/** Component is one support ticket: /tr/hesabim/destek/talepler/{id}, /en/account/support/tickets/{id}. */
export function Component() {
  const { id } = useParams();
  return <TicketPage key={id} ticketId={id} />;
}
