import { useLanguage } from '../../../lib/language.jsx';
import '../../../components/order-status.css';
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

export { OrderStatus } from '../../../components/order-status.jsx';
