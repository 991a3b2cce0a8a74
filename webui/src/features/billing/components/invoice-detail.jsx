import { useEffect, useId, useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { accountDetailPath } from '../../../config/account-paths.js';
import { accountTabPath } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { useLanguage } from '../../../lib/language.jsx';
import { Loading } from '../../../components/loading.jsx';
import { invoiceKey, invoicesKey, useInvoice } from '../api/billing.js';
import { RETURN_WATCH_MS, readReturn, returnRefresh, withoutReturn } from '../checkout.js';
import { day, money, rate } from '../format.js';
import { useBillingTexts } from '../texts.js';
import { countryName } from '../countries.js';
import { InvoiceStatus } from './invoice-status.jsx';
import { PayButtons } from './pay-buttons.jsx';
import { PdfLinks } from './pdf-links.jsx';
import { DataTable } from '../../../components/data-table.jsx';
import { formatNumber } from '../../../lib/format.js';

/**
 * useCheckoutReturn is the invoice as the page that the payment provider returns to sees it.
 * With ?checkout=done&session=… it asks the server about that checkout (which settles a paid
 * one) and asks again every 1.5 s while the invoice is pending, for up to 30 s; then it replaces
 * the address without those parameters, so a reload does not start over. outcome is 'paid',
 * 'slow' (still pending after the wait), 'cancelled' (?checkout=cancelled) or ''.
 */
function useCheckoutReturn(invoiceId, lang) {
  const location = useLocation();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  // Read once: the address is cleaned below, and what it said must outlive that.
  const [ret] = useState(() => {
    const r = readReturn(location.search);
    return r && { ...r, startedAt: Date.now() };
  });
  const [watching, setWatching] = useState(ret?.checkout === 'done');
  const [timedOut, setTimedOut] = useState(false);
  const [outcome, setOutcome] = useState(ret?.checkout === 'cancelled' ? 'cancelled' : '');
  const session = watching ? ret.session : undefined;
  const refresh = useMemo(() => (ret ? returnRefresh(ret.startedAt) : undefined), [ret]);
  const swr = useInvoice(invoiceId, lang, { session, refreshInterval: watching ? refresh : undefined });
  const invoice = swr.data;

  useEffect(() => {
    if (!watching) return undefined;
    const timer = setTimeout(() => setTimedOut(true), RETURN_WATCH_MS);
    return () => clearTimeout(timer);
  }, [watching]);

  const settled = watching && (swr.error || (invoice && (invoice.status !== 'pending' || timedOut)));
  useEffect(() => {
    if (!settled) return;
    if (invoice) {
      // The plain invoice's entry gets the answer, so nothing reloads when the session is dropped.
      mutate(invoiceKey(invoiceId, lang), invoice, { revalidate: false });
      mutate(invoicesKey(lang));
      setOutcome(invoice.status === 'paid' ? 'paid' : invoice.status === 'pending' ? 'slow' : '');
    }
    setWatching(false);
  }, [settled, invoice, invoiceId, lang, mutate]);

  // Clean the address once the return is dealt with (at once after a cancel).
  const returned = !!ret;
  useEffect(() => {
    if (!returned || watching) return;
    if (readReturn(location.search)) navigate({ pathname: location.pathname, search: withoutReturn(location.search), hash: location.hash }, { replace: true });
  }, [returned, watching, location, navigate]);

  return { ...swr, watching, outcome };
}

/**
 * InvoiceDetail is one invoice: its lines with VAT (or the exemption), totals in the display
 * currency and in USD with the rate, the billing details it was issued with, its state, the
 * pay buttons while pending and its PDFs. paidOrder(orderId) shows the order once a return from
 * the provider finds the invoice paid (the app composes it from the orders feature).
 */
export function InvoiceDetail({ invoiceId, paidOrder }) {
  const lang = useLanguage();
  const t = useBillingTexts();
  const id = useId();
  const { data: invoice, error, watching, outcome } = useCheckoutReturn(invoiceId, lang);

  const back = (
    <p className="back-link">
      <Link to={accountTabPath(lang, 'fatura-bilgileri', 'faturalar')}>← {t('invoice.back')}</Link>
    </p>
  );
  if (error && !invoice) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <>
        {back}
        <h1>{t(notFound ? 'invoice.notFound' : 'invoice.failed')}</h1>
        {!notFound && error instanceof ApiError && error.code && <p className="form__error">{error.message}</p>}
      </>
    );
  }
  if (!invoice) return <Loading variant="detail" />;

  const display = (amount) => money(lang, { amount, currency: invoice.currency, decimals: invoice.decimals });
  const usd = (amount) => money(lang, { amount, currency: 'USD', decimals: 2 });
  const text = (d) => d?.[lang] ?? d?.tr ?? '';
  // The VAT line (KDV, or the exemption's wording abroad) is shown with the totals.
  const workLines = (invoice.lines ?? []).filter((l) => l.kind !== 'vat');
  const vatLine = (invoice.lines ?? []).find((l) => l.kind === 'vat');
  const vatLabel = text(vatLine?.description) || `${t('invoice.vat')} %${invoice.vatPercent ?? 0}`;
  const unit = (line) => (line.quantity ? `${formatNumber(lang, line.quantity)} ${t(`invoice.units.${line.unit}`, { defaultValue: line.unit ?? '' })}` : '');
  return (
    <article className="invoice" data-testid="invoice" data-invoice-id={invoice.id} data-status={invoice.status}>
      {back}
      <h1>{t('invoice.title', { number: invoice.number })}</h1>
      <p className="invoice__status">
        <InvoiceStatus status={invoice.status} />
      </p>

      <CheckoutNotice watching={watching} outcome={outcome} invoice={invoice} paidOrder={paidOrder} />
      {/* not while a return is being checked: that payment may already be through */}
      {!watching && <PayButtons invoice={invoice} />}

      <section aria-labelledby={`${id}-summary`} className="account__block">
        <h2 id={`${id}-summary`}>{t('invoice.summary')}</h2>
        <dl className="billing-summary">
          <Item label={t('invoice.issuedAt')}>{day(lang, invoice.issuedAt)}</Item>
          {invoice.orderNumber && (
            <Item label={t('invoice.order')}>{invoice.orderId ? <Link to={accountDetailPath(lang, 'order', invoice.orderId)}>{invoice.orderNumber}</Link> : invoice.orderNumber}</Item>
          )}
          {invoice.quoteNumber && (
            <Item label={t('invoice.quote')}>{invoice.quoteId ? <Link to={accountDetailPath(lang, 'quote', invoice.quoteId)}>{invoice.quoteNumber}</Link> : invoice.quoteNumber}</Item>
          )}
          {invoice.paidAt && <Item label={t('invoice.paidAt')}>{day(lang, invoice.paidAt, { withTime: true })}</Item>}
          {invoice.payment?.method && <Item label={t('invoice.method')}>{t(`invoice.methods.${invoice.payment.method}`, { defaultValue: invoice.payment.method })}</Item>}
          {invoice.refundedAt && <Item label={t('invoice.refundedAt')}>{day(lang, invoice.refundedAt, { withTime: true })}</Item>}
          <Item label={t('invoice.rate')}>
            <span data-testid="rate">{t('invoice.rateValue', { rate: rate(lang, invoice.rateMicros), currency: invoice.currency })}</span>
          </Item>
          <Item label={t('invoice.pdfTitle')}>
            <PdfLinks invoice={invoice} />
          </Item>
        </dl>
      </section>

      <section aria-labelledby={`${id}-lines`} className="account__block">
        <h2 id={`${id}-lines`}>{t('invoice.lines')}</h2>
        <div className="table-scroll billing-table" role="region" aria-labelledby={`${id}-lines`} tabIndex={0}>
          <DataTable className="invoice__lines">
            <thead>
              <tr>
                <th scope="col">{t('invoice.description')}</th>
                <th scope="col">{t('invoice.quantity')}</th>
                <th scope="col" className="billing-table__amount">
                  {t('invoice.amount', { currency: invoice.currency })}
                </th>
                {invoice.currency !== 'USD' && (
                  <th scope="col" className="billing-table__amount">
                    {t('invoice.amountUsd')}
                  </th>
                )}
              </tr>
            </thead>
            <tbody>
              {workLines.map((line, i) => (
                <tr key={i} data-kind={line.kind}>
                  <td data-label={t('invoice.description')}>{text(line.description)}</td>
                  <td data-label={t('invoice.quantity')}>{unit(line)}</td>
                  <td data-label={t('invoice.amount', { currency: invoice.currency })} className="billing-table__amount">
                    {display(line.amount)}
                  </td>
                  {invoice.currency !== 'USD' && (
                    <td data-label={t('invoice.amountUsd')} className="billing-table__amount">
                      {usd(line.amountUsd)}
                    </td>
                  )}
                </tr>
              ))}
            </tbody>
            <tfoot>
              {['net', 'vat', 'total'].map((k) => (
                <tr key={k} data-total={k}>
                  <th scope="row" colSpan={2}>
                    {k === 'vat' ? vatLabel : t(`invoice.${k}`)}
                  </th>
                  <td className="billing-table__amount">
                    {display(invoice.totals?.[k])}
                  </td>
                  {invoice.currency !== 'USD' && (
                    <td className="billing-table__amount">
                      {usd(invoice.totalsUsd?.[k])}
                    </td>
                  )}
                </tr>
              ))}
            </tfoot>
          </DataTable>
        </div>
      </section>

      <section aria-labelledby={`${id}-details`} className="account__block">
        <h2 id={`${id}-details`}>{t('invoice.details')}</h2>
        <DetailsCopy details={invoice.details} />
      </section>
    </article>
  );
}

function Item({ label, children }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

/** CheckoutNotice says how a return from the payment provider went. */
function CheckoutNotice({ watching, outcome, invoice, paidOrder }) {
  const lang = useLanguage();
  const t = useBillingTexts();
  if (watching) {
    return (
      <p className="notice" role="status" data-testid="checkout-checking">
        {t('checkout.checking')}
      </p>
    );
  }
  if (!outcome) return null;
  if (outcome === 'paid') {
    return (
      <div className="notice" role="status" data-testid="checkout-paid">
        <p>{t('checkout.paid')}</p>
        {invoice.orderId && (
          <p>
            {paidOrder && (
              <>
                {t('checkout.orderStatus')}: {paidOrder(invoice.orderId)}{' '}
              </>
            )}
            <Link to={accountDetailPath(lang, 'order', invoice.orderId)}>{t('checkout.viewOrder')}</Link>
          </p>
        )}
      </div>
    );
  }
  return (
    <p className="notice" role="status" data-testid={`checkout-${outcome}`}>
      {t(`checkout.${outcome}`)}
    </p>
  );
}

/** DetailsCopy is the billing details the invoice was issued with (a copy, unchanged by later edits). */
function DetailsCopy({ details }) {
  const lang = useLanguage();
  const t = useBillingTexts();
  if (!details || !details.country) return <p>{t('invoice.noDetails')}</p>;
  const rows = [
    ['type', details.type && t(`invoice.types.${details.type}`, { defaultValue: details.type })],
    ['fullName', details.fullName],
    ['companyName', details.companyName],
    ['tckn', details.tckn],
    ['taxOffice', details.taxOffice],
    ['vkn', details.vkn],
    ['taxId', details.taxId],
    ['address', details.address],
    ['city', details.city],
    ['postcode', details.postcode],
    ['country', countryName(lang, details.country)],
    ['email', details.email],
  ].filter(([, v]) => v);
  return (
    <dl className="billing-summary">
      {rows.map(([k, v]) => (
        <Item key={k} label={k === 'type' ? t('form.type') : t(`form.fields.${k}`)}>
          {v}
        </Item>
      ))}
    </dl>
  );
}
