import { useId } from 'react';
import { Link } from 'react-router-dom';
import { accountDetailPath } from '../../../config/account-paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { Loading } from '../../../components/loading.jsx';
import { useInvoices } from '../api/billing.js';
import { day, money, sortInvoices } from '../format.js';
import { useBillingTexts } from '../texts.js';
import { InvoiceStatus } from './invoice-status.jsx';
import { PayButtons } from './pay-buttons.jsx';
import { PdfLinks } from './pdf-links.jsx';
import { EmptyState } from '../../../components/empty-state.jsx';
import { DataTable } from '../../../components/data-table.jsx';

/**
 * InvoicesList is the customer's invoices, those awaiting payment first, then the newest: each
 * with its number, date, order, total and state, the pay buttons while pending and its PDFs.
 * On a phone the table's rows become cards (billing.css).
 */
export function InvoicesList() {
  const lang = useLanguage();
  const t = useBillingTexts();
  const id = useId();
  const { data, error } = useInvoices(lang);
  if (error) return <p className="form__error">{error.code ? error.message : t('loadFailed')}</p>;
  if (!data) return <Loading variant="list" />;
  if (!data.length) return <EmptyState testid="invoices-empty">{t('invoices.empty')}</EmptyState>;
  const col = (k) => t(`invoices.${k}`);
  return (
    <div className="table-scroll billing-table" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <DataTable data-testid="invoices">
        <caption id={`${id}-caption`} className="visually-hidden">
          {col('caption')}
        </caption>
        <thead>
          <tr>
            {['number', 'date', 'order', 'total', 'status', 'actions'].map((k) => (
              <th key={k} scope="col">
                {col(k)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sortInvoices(data).map((inv) => (
            <tr key={inv.id} data-invoice-id={inv.id} data-status={inv.status}>
              <th scope="row" className="data-table__id" data-label={col('number')}>
                <Link to={accountDetailPath(lang, 'invoice', inv.id)} aria-label={`${t('invoices.view')}: ${inv.number}`}>
                  {inv.number}
                </Link>
              </th>
              <td data-label={col('date')}>
                <time dateTime={inv.issuedAt}>{day(lang, inv.issuedAt)}</time>
              </td>
              <td data-label={col('order')}>
                {inv.orderId ? <Link to={accountDetailPath(lang, 'order', inv.orderId)}>{inv.orderNumber}</Link> : inv.orderNumber}
              </td>
              <td data-label={col('total')} className="billing-table__amount">
                {money(lang, { amount: inv.totals?.total, currency: inv.currency, decimals: inv.decimals })}
              </td>
              <td data-label={col('status')}>
                <InvoiceStatus status={inv.status} />
              </td>
              <td data-label={col('actions')} className="billing-table__actions">
                <PayButtons invoice={inv} compact />
                <PdfLinks invoice={inv} />
              </td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </div>
  );
}
