import { useLanguage } from '../../../lib/language.jsx';
import { displayStatusOf, orderPhase, orderStatusLabel } from '../../../lib/order-status.js';
import { statusLabel } from '../status.js';

/** StatusBadge names a quote's state (kind quote) or spec §4's coarse order state (kind display) in the page's language. */
export function StatusBadge({ kind, status }) {
  const lang = useLanguage();
  return (
    <span className={`status status--${kind} status--${status}`} data-status={status} data-kind={kind}>
      {statusLabel(lang, kind, status)}
    </span>
  );
}

/**
 * OrderStatus is an order's badge: the finer state in its reader's words (role customer,
 * translator or staff), coloured by spec §4's coarse state (in progress until completed), which
 * it carries in data-display for lists and tests that group by it.
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
