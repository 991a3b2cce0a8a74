import { useBillingTexts } from '../texts.js';
import { StatusPill } from '../../../components/status-pill.jsx';

/** InvoiceStatus names an invoice's state (pending, paid, refunded) in the page's language. */
export function InvoiceStatus({ status }) {
  const t = useBillingTexts();
  return <StatusPill domain="invoice" status={status} label={t(`status.${status}`, { defaultValue: String(status ?? '') })} />;
}
