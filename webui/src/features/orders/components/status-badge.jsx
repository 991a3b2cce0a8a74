import { useLanguage } from '../../../lib/language.jsx';
import { StatusPill } from '../../../components/status-pill.jsx';
import { statusLabel } from '../status.js';

/** StatusBadge names a quote's state (kind quote) or spec §4's coarse order state (kind display) in the page's language. */
export function StatusBadge({ kind, status }) {
  const lang = useLanguage();
  const domain = kind === 'display' ? 'order' : kind;
  return <StatusPill domain={domain} status={status} label={statusLabel(lang, kind, status)} className={kind === 'display' ? 'status--display' : undefined} data-kind={kind} />;
}

export { OrderStatus } from '../../../components/order-status.jsx';
