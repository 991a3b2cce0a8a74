import { useBillingTexts } from '../texts.js';

/** InvoiceStatus names an invoice's state (pending, paid, refunded) in the page's language. */
export function InvoiceStatus({ status }) {
  const t = useBillingTexts();
  return (
    <span className={`billing-status billing-status--${status}`} data-status={status}>
      {t(`status.${status}`, { defaultValue: String(status ?? '') })}
    </span>
  );
}
