// Numbers, times and money as the page's language writes them.
import { formatMoment, formatMoney, formatNumber } from '../../lib/format.js';

export { formatNumber };

/** formatTime is a moment with its date and time, or '' for a missing or broken value. */
export const formatTime = formatMoment;

/** formatMoneyValue is a Money ({ amount, currency, decimals, formatted? }): the server's wording when it gives one. */
function formatMoneyValue(lang, m) {
  if (!m) return '';
  if (m.formatted) return m.formatted;
  return Number.isFinite(m.amount) && m.currency ? formatMoney(m.amount, m.currency, lang, m.decimals) : '';
}

/**
 * formatPay is what a job pays: svc-orders gives it in TRY and in USD ({ try, usd }), shown as
 * "1.730,58 TRY (62.93 USD)"; a single Money is shown as it is.
 */
export function formatPay(lang, pay) {
  if (!pay) return '';
  if (pay.try || pay.usd) return [formatMoneyValue(lang, pay.try), pay.try && pay.usd ? `(${formatMoneyValue(lang, pay.usd)})` : formatMoneyValue(lang, pay.usd)].filter(Boolean).join(' ');
  return formatMoneyValue(lang, pay);
}
