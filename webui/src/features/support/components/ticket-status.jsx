import { useSupportTexts } from '../texts.js';
import '../support.css';
import { StatusPill } from '../../../components/status-pill.jsx';

/** TicketStatus is a ticket's state as a badge: open, answered or closed. */
export function TicketStatus({ status }) {
  const t = useSupportTexts();
  return <StatusPill domain="ticket" status={status} label={t(`statuses.${status}`, { defaultValue: status })} />;
}

/** categoryName is a ticket's category in the page's language: the server's name, else the page's. */
export const categoryName = (t, lang, ticket) => ticket.categoryName?.[lang] || t(`categories.${ticket.category}`, { defaultValue: ticket.category });
