import { useId } from 'react';
import { Link } from 'react-router-dom';
import { accountDetailPath } from '../../../config/account-paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { defineTexts } from '../../../lib/i18n.js';
import { Loading } from '../../../components/loading.jsx';
import { useOrderInvoices } from '../api/billing.js';
import { day, money } from '../format.js';
import { useBillingTexts } from '../texts.js';
import { InvoiceStatus } from './invoice-status.jsx';
import '../billing.css';

const texts = {
  tr: {
    title: 'Fatura ve ödeme',
    number: 'Fatura no',
    net: 'Net tutar (KDV hariç)',
    total: 'Toplam (KDV dahil)',
    totalAbroad: 'Toplam',
    status: 'Durum',
    paidOn: '{{date}} tarihinde ödendi ({{method}})',
    paidOnNoMethod: '{{date}} tarihinde ödendi',
    dueOn: 'Son ödeme tarihi: {{date}}',
    refundedOn: '{{date}} tarihinde iade edildi',
    view: 'Faturayı görüntüle',
  },
  en: {
    title: 'Invoice and payment',
    number: 'Invoice no',
    net: 'Net amount (excl. VAT)',
    total: 'Total (incl. VAT)',
    totalAbroad: 'Total',
    status: 'Status',
    paidOn: 'Paid on {{date}} ({{method}})',
    paidOnNoMethod: 'Paid on {{date}}',
    dueOn: 'Due by {{date}}',
    refundedOn: 'Refunded on {{date}}',
    view: 'View the invoice',
  },
};
const useBillingOrderInvoiceTexts = defineTexts('billingOrderInvoice', texts);

/**
 * OrderInvoice is what an order was invoiced and paid: the invoice's number (leading to its
 * page), net, KDV (or the exemption) and the total with it, and whether it is paid (when, how)
 * or waiting (until when). Before svc-billing has issued the invoice, or when it cannot be read,
 * it draws fallback (the app passes the price breakdown of the order).
 */
export function OrderInvoice({ orderId, fallback = null }) {
  const lang = useLanguage();
  const { data: invoices, error } = useOrderInvoices(orderId, lang);
  if (!invoices && !error) return <Loading variant="detail" />;
  // The order's own invoice (one per order: it is made from the order's quote).
  const invoice = invoices?.find((i) => i.orderId === orderId);
  return invoice ? <InvoiceFigures invoice={invoice} /> : fallback;
}

function InvoiceFigures({ invoice }) {
  const lang = useLanguage();
  const t = useBillingOrderInvoiceTexts();
  const bt = useBillingTexts();
  const id = useId();
  const display = (amount) => money(lang, { amount, currency: invoice.currency, decimals: invoice.decimals });
  const vatLine = (invoice.lines ?? []).find((l) => l.kind === 'vat');
  const vatLabel = vatLine?.description?.[lang] ?? vatLine?.description?.tr ?? `${bt('invoice.vat')} %${invoice.vatPercent ?? 0}`;
  const method = invoice.payment?.method && bt(`invoice.methods.${invoice.payment.method}`, { defaultValue: invoice.payment.method });
  const when =
    invoice.status === 'paid' && invoice.paidAt
      ? t(method ? 'paidOn' : 'paidOnNoMethod', { date: day(lang, invoice.paidAt, { withTime: true }), method })
      : invoice.status === 'refunded' && invoice.refundedAt
        ? t('refundedOn', { date: day(lang, invoice.refundedAt, { withTime: true }) })
        : invoice.status === 'pending' && invoice.dueAt
          ? t('dueOn', { date: day(lang, invoice.dueAt) })
          : '';
  const rows = [
    ['net', t('net'), display(invoice.totals?.net)],
    ['vat', vatLabel, display(invoice.totals?.vat)],
    ['total', t(invoice.inTurkey === false ? 'totalAbroad' : 'total'), display(invoice.totals?.total)],
  ];
  return (
    <section className="account__block order-invoice" aria-labelledby={`${id}-title`} data-testid="order-invoice" data-invoice-id={invoice.id} data-status={invoice.status}>
      <h2 id={`${id}-title`}>{t('title')}</h2>
      <dl className="billing-summary">
        <div data-field="number">
          <dt>{t('number')}</dt>
          <dd>
            <Link to={accountDetailPath(lang, 'invoice', invoice.id)} aria-label={`${t('view')}: ${invoice.number}`}>
              {invoice.number}
            </Link>
          </dd>
        </div>
        {rows.map(([k, label, value]) => (
          <div key={k} data-total={k}>
            <dt>{label}</dt>
            <dd data-amount={invoice.totals?.[k]} data-currency={invoice.currency}>
              {value}
            </dd>
          </div>
        ))}
        <div data-field="status">
          <dt>{t('status')}</dt>
          <dd>
            <InvoiceStatus status={invoice.status} />
            {when && <span className="order-invoice__when"> {when}</span>}
          </dd>
        </div>
      </dl>
    </section>
  );
}
