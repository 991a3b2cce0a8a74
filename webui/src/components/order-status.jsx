import { useLanguage } from '../lib/language.jsx';
import { displayStatusOf, orderPhase, orderStatusLabel } from '../lib/order-status.js';
import './order-status.css';

/**
 * OrderStatus is an order's badge: the finer state in its reader's words (role customer,
 * translator or staff), coloured by spec §4's coarse state (in progress until completed), which
 * it carries in data-display for lists and tests that group by it. Shared by the customer's
 * panel and the back office, so an order's pill looks the same to both.
 */
export function OrderStatus({ order, role = 'customer' }) {
  const lang = useLanguage();
  const phase = orderPhase(order);
  const display = displayStatusOf(order);
  return (
    <span className="order-status" data-display={display}>
      <span className={`status status--order status--${display}`} data-kind="order" data-status={phase} data-display={display}>
        {orderStatusLabel(lang, role, order)}
      </span>
    </span>
  );
}
