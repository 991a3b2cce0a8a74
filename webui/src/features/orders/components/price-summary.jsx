import { useLanguage } from '../../../lib/language.jsx';
import { PriceBreakdown } from '../../../components/price-breakdown.jsx';
import { formatNumber } from '../format.js';
import { useOrdersContext } from '../orders-context.jsx';
import { useOrdersTexts } from '../texts.js';

/** useAmounts gives the texts for a quantity in its unit and a delivery window. */
export function useAmounts() {
  const lang = useLanguage();
  const t = useOrdersTexts();
  return {
    quantity: (n, unit) => {
      const key = ['word', 'page', 'minute'].includes(unit) ? unit : 'other';
      return t(`units.${key}`, { count: n, n: formatNumber(lang, n) });
    },
    window: (w) => (!w ? '' : w.minDays === w.maxDays ? t('daysExact', { count: w.minDays }) : t('days', { min: w.minDays, max: w.maxDays })),
  };
}

/**
 * PriceSummary is the wizard's live price: the total in the display currency, the lines per
 * target language, the quantity priced and the delivery window, announced politely as they
 * change. result is { status: idle|pending|done|error, estimate, message, missing }.
 */
export function PriceSummary({ id, result }) {
  const t = useOrdersTexts();
  const { languageName } = useOrdersContext();
  const amounts = useAmounts();
  const estimate = result.status === 'error' || result.missing ? null : result.estimate;
  return (
    <section className="order-summary" aria-labelledby={`${id}-title`} data-testid="order-price">
      <h2 id={`${id}-title`}>{t('summary.title')}</h2>
      <div className="order-summary__result" role="status" aria-live="polite" aria-busy={result.status === 'pending'} data-state={result.missing ? 'idle' : result.status}>
        <p className="order-summary__total" data-amount={estimate?.total.amount} data-currency={estimate?.total.currency}>
          {estimate ? (
            estimate.total.formatted
          ) : (
            <>
              <span aria-hidden="true">—</span>
              <span className="visually-hidden">{t('summary.noPrice')}</span>
            </>
          )}
        </p>
        {estimate && (
          <>
            <p className="order-summary__quantity">
              {t('summary.quantity')}: <span data-quantity={estimate.quantity}>{amounts.quantity(estimate.quantity, estimate.unit)}</span>
            </p>
            {estimate.lines?.length > 0 && (
              <table className="order-summary__lines">
                <caption className="visually-hidden">{t('summary.lines')}</caption>
                <tbody>
                  {estimate.lines.map((l) => (
                    <tr key={l.targetLanguage} data-target={l.targetLanguage}>
                      <th scope="row">{languageName(l.targetLanguage)}</th>
                      <td>{l.price?.formatted}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            <PriceBreakdown total={estimate.total} totalUsd={estimate.totalUsd} />
            <p className="order-summary__delivery">
              {t('summary.delivery')}: {amounts.window(estimate.deliveryWindow)}
            </p>
          </>
        )}
        {result.missing && <p className="order-summary__missing">{t(`summary.missing.${result.missing}`)}</p>}
        {result.status === 'error' && !result.missing && <p className="field__error">{result.message ?? t('summary.failed')}</p>}
      </div>
      <p className="field__hint">{estimate?.note ?? t('summary.note')}</p>
    </section>
  );
}
