import { useLanguage } from '../lib/language.jsx';
import { displayStatusOf, orderPhase, orderStatusLabel } from '../lib/order-status.js';
import { StatusPill } from './status-pill.jsx';
import './order-status.css';

/**
 * OrderStatus is an order's badge: the finer state in its reader's words (role customer,
 * translator or staff), coloured by spec §4's coarse state (in progress until completed), which
 * it carries in data-display for lists and tests that group by it. Shared by the customer's
 * panel and the back office, so an order's pill looks the same to both: it is the one StatusPill.
 */
export function OrderStatus({ order, role = 'customer' }) {
  const lang = useLanguage();
  const phase = orderPhase(order);
  const display = displayStatusOf(order);
  // Staff see an order nobody took, or a revision that could not go back, in red: it needs them.
  const tone = role === 'staff' && (phase === 'escalated' || phase === 'revision_escalated') ? 'bad' : undefined;
  return (
    <span className="order-status" data-display={display}>
      <StatusPill domain="order" status={display} tone={tone} label={orderStatusLabel(lang, role, order)} data-status={phase} data-display={display} />
    </span>
  );
}
