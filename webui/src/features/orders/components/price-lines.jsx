import { useOrdersContext } from '../orders-context.jsx';
import { useOrdersTexts } from '../texts.js';

/** PriceLines is a quote's or an order's price per target language, with the total when given. */
export function PriceLines({ lines, total }) {
  const t = useOrdersTexts();
  const { languageName } = useOrdersContext();
  return (
    <table className="price-table">
      <caption>{t('quote.lines')}</caption>
      <thead>
        <tr>
          <th scope="col">{t('quote.language')}</th>
          <th scope="col">{t('quote.price')}</th>
        </tr>
      </thead>
      <tbody>
        {lines.map((l) => (
          <tr key={l.targetLanguage}>
            <th scope="row">{languageName(l.targetLanguage)}</th>
            <td>{l.price?.formatted}</td>
          </tr>
        ))}
      </tbody>
      {total && (
        <tfoot>
          <tr>
            <th scope="row">{t('quote.total')}</th>
            <td className="price-table__total" data-amount={total.amount} data-currency={total.currency}>
              {total.formatted}
            </td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}
