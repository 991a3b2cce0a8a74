import { useLanguage } from '../../../lib/language.jsx';
import { displayStatusOf, statusLabel } from '../status.js';

/** StatusBadge names a quote's or an order's state (kind quote, order or display) in the page's language. */
export function StatusBadge({ kind, status }) {
  const lang = useLanguage();
  return (
    <span className={`status status--${kind} status--${status}`} data-status={status} data-kind={kind}>
      {statusLabel(lang, kind, status)}
    </span>
  );
}

/** OrderStatus is spec §4's in progress / completed with the detailed state beside it. */
export function OrderStatus({ order }) {
  const lang = useLanguage();
  const display = displayStatusOf(order);
  const detail = statusLabel(lang, 'order', order.status);
  return (
    <span className="order-status">
      <StatusBadge kind="display" status={display} />
      {/* "In progress · In progress" says nothing twice */}
      {detail !== statusLabel(lang, 'display', display) && (
        <span className="order-status__detail" data-status={order.status}>
          {detail}
        </span>
      )}
    </span>
  );
}
