import { Link } from 'react-router-dom';
import { accountTabPath } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useBalance, useInvoices } from '../api/billing.js';
import { money, totalsByCurrency } from '../format.js';
import { useBillingTexts } from '../texts.js';

/** BillingSummary is the overview's block: the invoices awaiting payment (how many, how much) and the balance. */
export function BillingSummary({ headingId }) {
  const lang = useLanguage();
  const t = useBillingTexts();
  const { data: invoices } = useInvoices(lang);
  const { data: pages } = useBalance(lang);
  const pending = (invoices ?? []).filter((i) => i.status === 'pending');
  const balances = pages?.[0]?.balances ?? [];
  const section = 'fatura-bilgileri';
  return (
    <section aria-labelledby={headingId} className="account__block" data-testid="billing-summary">
      <h2 id={headingId}>{t('overview.title')}</h2>
      {invoices && (
        <p data-testid="pending-invoices" data-count={pending.length}>
          {pending.length
            ? t('overview.pending', {
                count: pending.length,
                total: totalsByCurrency(pending)
                  .map((m) => money(lang, m))
                  .join(' + '),
              })
            : t('overview.noPending')}{' '}
          <Link to={accountTabPath(lang, section, 'faturalar')}>{t('overview.invoicesLink')}</Link>
        </p>
      )}
      {pages && (
        <p data-testid="balance-summary">
          {t('overview.balance', { amounts: balances.length ? balances.map((b) => money(lang, b)).join(', ') : money(lang, { amount: 0, currency: 'TRY', decimals: 2 }) })}{' '}
          <Link to={accountTabPath(lang, section, 'bakiye')}>{t('overview.balanceLink')}</Link>
        </p>
      )}
    </section>
  );
}
