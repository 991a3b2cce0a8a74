import { useId } from 'react';
import { Link } from 'react-router-dom';
import { staffPath } from '../../../config/paths.js';
import { formatIstanbulMoment, formatMoment, formatMoney, formatNumber, moneyText } from '../../../lib/format.js';
import { useLanguageName } from '../../../lib/api/get-languages.js';
import { useLanguage } from '../../../lib/language.jsx';
import { historyEntryText } from '../../../lib/order-status.js';
import { ApiError } from '../../../lib/api-client.js';
import { OrderStatus } from '../../../components/order-status.jsx';
import { Timeline } from '../../../components/timeline.jsx';
import { useStaffNames } from '../api/audit.js';
import { useCustomer } from '../api/customers.js';
import { invoicePdfUrl, useOrderInvoice } from '../api/money.js';
import { contractPdfUrl, orderFileUrl, quotePdfUrl, useEligible, useStaffOrder } from '../api/orders.js';
import { useMoneyTexts } from '../money-texts.js';
import { useStaffOrdersTexts } from '../orders-texts.js';
import { useStaffRevisionTexts } from '../revision-texts.js';
import { useStaffTexts } from '../texts.js';
import { AuditLink } from './audit-link.jsx';
import { DATE_MOVABLE, ExpectedDateForm } from './expected-date-form.jsx';
import { FulfilmentPanel } from './fulfilment.jsx';
import { ListState } from './list-state.jsx';
import { ASSIGNABLE, AssignForm, CustomerLink, useTranslatorNames, useWorkText } from './orders.jsx';
import { RevisionPanel } from './revision-panel.jsx';
import { SandboxBadge, SandboxNote, isSandbox } from './sandbox-badge.jsx';
import { StatusPill } from '../../../components/status-pill.jsx';

// svc-billing derives an invoice's id from its quote's (svc-billing/API.md, invoices.IDFor), so
// the order's page reads its invoice by id (GET admin/invoices/{id}) with no search: 404 until issued.
export const invoiceIdOf = (quoteId) => (quoteId ? `inv-${quoteId}` : '');

/** StaffOrderDetail loads one order, its customer, its invoice and the translators who could take it. */
export function StaffOrderDetail({ id }) {
  const lang = useLanguage();
  const common = useStaffTexts();
  const { data, error, isLoading, mutate } = useStaffOrder(id, lang);
  const eligible = useEligible(id, lang);
  const customer = useCustomer(data?.customerId ?? null, lang);
  const invoice = useOrderInvoice(invoiceIdOf(data?.quoteId), lang);
  const nameOf = useTranslatorNames(
    [
      data?.translatorId,
      ...(data?.history ?? []).flatMap((h) => [h.translatorId, h.previousTranslatorId]),
      ...[...(eligible.data?.candidates ?? []), ...(eligible.data?.excluded ?? [])].map((c) => c.translatorId),
    ],
    lang,
  );
  const changed = (o) => {
    mutate({ ...data, ...o, customerId: data?.customerId }, { revalidate: true });
    eligible.mutate();
  };
  return (
    <>
      <p className="staff-back">
        <Link to={staffPath(lang, 'siparisler')}>← {common('common.back')}</Link>
      </p>
      <ListState loading={isLoading} error={error} retry={mutate} variant="detail" />
      {data && (
        <StaffOrderView
          order={data}
          eligibility={eligible.data}
          nameOf={nameOf}
          onChanged={changed}
          customer={customer.data}
          customerError={customer.error}
          invoice={invoice.data}
          invoiceError={invoice.error}
        />
      )}
    </>
  );
}

/**
 * StaffOrderView is one order: a header (number, status, customer with contact, translator, the
 * dates that matter), the actions its state allows ((re)assignment, the expected date, a
 * revision's panel, paper work), its files, the quote's figures and the invoice's, and its timeline.
 * customer is svc-auth's admin/customers/{id}; invoice svc-billing's admin/invoices/{id}.
 */
export function StaffOrderView({ order, eligibility, nameOf = (x) => x, onChanged, request, customer, customerError, invoice, invoiceError }) {
  const t = useStaffOrdersTexts();
  const id = useId();
  // A sandbox order is worked by the simulated translator: svc-orders refuses to give it (or its
  // revision) to anyone (409 sandbox_order), so the page says so instead of offering the choice.
  const sandbox = isSandbox(order);
  const assignable = ASSIGNABLE.includes(order.status);
  const movable = DATE_MOVABLE.includes(order.status) && !!order.deadline;
  const revision = order.status === 'revision_requested';
  const anyAction = assignable || movable || revision || !!order.fulfilment;
  return (
    <article className="staff-detail staff-order" data-order-id={order.id} data-status={order.status} data-sandbox={sandbox ? 'true' : undefined}>
      <OrderHeader order={order} nameOf={nameOf} customer={customer} customerError={customerError} />
      {anyAction && (
        <section className="staff-card staff-order__actions" aria-labelledby={`${id}-actions`} data-testid="order-actions">
          <h3 id={`${id}-actions`}>{t('orders.detail.actions')}</h3>
          {sandbox && (assignable || revision) && (
            <p className="staff-sandbox-note" data-testid="sandbox-assign">
              {t('orders.assign.sandbox')}
            </p>
          )}
          {assignable && !sandbox && <AssignForm order={order} eligibility={eligibility} nameOf={nameOf} onDone={onChanged} request={request} />}
          {movable && <ExpectedDateForm order={order} onDone={onChanged} />}
          {revision && !sandbox && <RevisionPanel order={order} eligibility={eligibility} nameOf={nameOf} onDone={onChanged} request={request} />}
          {order.fulfilment && <FulfilmentPanel order={order} onDone={onChanged} />}
        </section>
      )}
      <div className="staff-order__grid">
        <OrderFiles order={order} />
        <QuoteFigures order={order} />
        <InvoiceFigures order={order} invoice={invoice} error={invoiceError} />
      </div>
      <OrderTimeline order={order} nameOf={nameOf} />
    </article>
  );
}

/** OrderHeader: number, status pill, the customer and how to reach them, the translator and the order's dates. */
function OrderHeader({ order, nameOf, customer, customerError }) {
  const lang = useLanguage();
  const t = useStaffOrdersTexts();
  const work = useWorkText();
  const dates = [
    ['created', formatMoment(lang, order.createdAt)],
    ['paid', order.paidAt && formatMoment(lang, order.paidAt)],
    ['deadline', order.deadline && formatIstanbulMoment(lang, order.deadline)],
    ['delivered', order.deliveredAt && formatMoment(lang, order.deliveredAt)],
  ].filter(([, v]) => v);
  return (
    <header className="staff-card staff-order__head" data-testid="order-head">
      <div className="staff-order__title">
        <h2>{order.number}</h2>
        <OrderStatus order={order} role="staff" />
        <SandboxBadge record={order} />
        <span className="staff-order__total" data-amount={order.total?.amount} data-currency={order.total?.currency}>
          {moneyText(lang, order.total)}
        </span>
      </div>
      <SandboxNote record={order} />
      <p className="staff-order__work">{work(order, { addOns: true })}</p>
      <dl className="staff-order__people">
        <div data-testid="order-customer">
          <dt>{t('orders.detail.customer')}</dt>
          <dd>
            <CustomerLink id={order.customerId} name={customer?.fullName} />
            {customer && <CustomerContact customer={customer} />}
            {customerError && <span className="field__error">{customerError instanceof ApiError && customerError.code ? customerError.message : t('orders.detail.customerFailed')}</span>}
          </dd>
        </div>
        <div data-testid="order-translator">
          <dt>{t('orders.detail.translator')}</dt>
          <dd>{order.translatorId ? nameOf(order.translatorId) : t('orders.nobody')}</dd>
        </div>
        {dates.map(([k, v]) => (
          <div key={k}>
            <dt>{t(`orders.detail.${k}`)}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <p className="staff-order__audit">
        <AuditLink area="orders" kind="order" id={order.id} />
      </p>
    </header>
  );
}

/** CustomerContact is the customer's e-mail, phone and company (or "individual"), each a link where one can act on it. */
function CustomerContact({ customer }) {
  const t = useStaffOrdersTexts();
  return (
    <ul className="staff-order__contact">
      <li>
        <span className="visually-hidden">{t('orders.detail.email')}: </span>
        <a href={`mailto:${customer.email}`} data-testid="customer-email">
          {customer.email}
        </a>
      </li>
      <li>
        <span className="visually-hidden">{t('orders.detail.phone')}: </span>
        {customer.phone ? <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`}>{customer.phone}</a> : <span className="field__hint">{t('orders.detail.noPhone')}</span>}
      </li>
      <li>
        <span className="visually-hidden">{t('orders.detail.company')}: </span>
        {customer.companyName || <span className="field__hint">{t('orders.detail.individual')}</span>}
      </li>
    </ul>
  );
}

/** fileMeasure words a file's size in the service's unit: words, pages or minutes, whichever it holds. */
function useFileMeasure() {
  const lang = useLanguage();
  const t = useStaffOrdersTexts();
  const n = (v) => formatNumber(lang, v);
  return (counts) => {
    if (!counts) return '';
    if (counts.minutes > 0) return t('orders.detail.minutes', { count: counts.minutes, n: n(counts.minutes) });
    const parts = [];
    if (counts.words > 0) parts.push(t('orders.detail.words', { count: counts.words, n: n(counts.words) }));
    if (counts.pages > 0) parts.push(t('orders.detail.pages', { count: counts.pages, n: n(counts.pages) }));
    return parts.join(' · ');
  };
}

/** OrderFiles: the customer's source files and the translations delivered, each downloadable (GET files/{id}: staff may). */
function OrderFiles({ order }) {
  const t = useStaffOrdersTexts();
  const id = useId();
  const measure = useFileMeasure();
  const list = (files, kind) => (
    <ul className="staff-files" data-kind={kind}>
      {files.map((f) => (
        <li key={f.id} data-file-id={f.id}>
          <a href={orderFileUrl(f.id)} download={f.name} aria-label={t('orders.detail.download', { name: f.name })}>
            {f.name}
          </a>
          {measure(f.counts) && <span className="field__hint">{measure(f.counts)}</span>}
        </li>
      ))}
    </ul>
  );
  return (
    <section className="staff-card" aria-labelledby={`${id}-files`} data-testid="order-files">
      <h3 id={`${id}-files`}>{t('orders.detail.files')}</h3>
      <h4>{t('orders.detail.sourceFiles')}</h4>
      {order.files?.length ? list(order.files, 'source') : <p className="field__hint">{t('orders.detail.noFiles')}</p>}
      <h4>{t('orders.detail.deliveries')}</h4>
      {order.deliveries?.length ? list(order.deliveries, 'delivery') : <p className="field__hint">{t('orders.detail.noDeliveries')}</p>}
      {order.brief && (
        <>
          <h4>{t('orders.detail.brief')}</h4>
          <p className="staff-order__brief">{order.brief}</p>
        </>
      )}
    </section>
  );
}

/** QuoteFigures: the price the customer approved, a line per target language, the total (and in USD), and the quote itself. */
function QuoteFigures({ order }) {
  const lang = useLanguage();
  const t = useStaffOrdersTexts();
  const language = useLanguageName();
  const id = useId();
  return (
    <section className="staff-card" aria-labelledby={`${id}-quote`} data-testid="order-quote">
      <h3 id={`${id}-quote`}>{t('orders.detail.quote')}</h3>
      <table className="staff-figures">
        <thead>
          <tr>
            <th scope="col">{t('orders.detail.line')}</th>
            <th scope="col">{t('orders.detail.quantity')}</th>
            <th scope="col">{t('orders.detail.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {(order.lines ?? []).map((l) => (
            <tr key={l.targetLanguage} data-language={l.targetLanguage}>
              <th scope="row">{`${language(order.sourceLanguage)} → ${language(l.targetLanguage)}`}</th>
              <td>{formatNumber(lang, l.quantity ?? 0)}</td>
              <td>{l.price ? moneyText(lang, l.price) : ''}</td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>{t('orders.detail.total')}</th>
            <td data-testid="quote-total">
              <strong>{moneyText(lang, order.total)}</strong>
            </td>
          </tr>
          {order.totalUsd && order.total?.currency !== 'USD' && (
            <tr>
              <th scope="row" colSpan={2}>{t('orders.detail.usd')}</th>
              <td>{moneyText(lang, order.totalUsd)}</td>
            </tr>
          )}
        </tfoot>
      </table>
      {order.quoteId && (
        <p className="staff-actions">
          <Link to={staffPath(lang, 'teklifler', order.quoteId)}>{t('orders.detail.quoteLink')}</Link>
          {['tr', 'en'].map((l) => (
            <a key={l} href={quotePdfUrl(order.quoteId, l)} download data-pdf={l}>
              {t('orders.detail.quotePdf', { lang: l.toUpperCase() })}
            </a>
          ))}
          {order.contract && (
            // The contract the customer accepted, in the language they accepted it in.
            <a href={contractPdfUrl(order.id)} download data-pdf="contract" data-testid="order-contract">
              {t('orders.detail.contractPdf', { date: formatIstanbulMoment(lang, order.contract.acceptedAt) })}
            </a>
          )}
        </p>
      )}
    </section>
  );
}

/** InvoiceFigures: the order's invoice, its number, state, net, VAT and total, due date, page and PDF; or that none is issued yet. */
function InvoiceFigures({ order, invoice, error }) {
  const lang = useLanguage();
  const t = useStaffOrdersTexts();
  const money = useMoneyTexts();
  const id = useId();
  const notIssued = error instanceof ApiError && error.status === 404;
  const amount = (v) => formatMoney(v, invoice.currency, lang, invoice.decimals);
  let body;
  if (invoice) {
    body = (
      <>
        <p className="staff-order__invoice-head">
          <Link to={staffPath(lang, 'faturalar', invoice.id)} data-testid="invoice-number">
            {invoice.number}
          </Link>
          <StatusPill domain="invoice" status={invoice.status} label={money(`invoices.statuses.${invoice.status}`)} />
          <SandboxBadge record={invoice} />
        </p>
        <dl className="staff-sums">
          <div>
            <dt>{t('orders.detail.invoiceNet')}</dt>
            <dd>{amount(invoice.totals?.net)}</dd>
          </div>
          <div>
            <dt>{t('orders.detail.invoiceVat')}</dt>
            <dd>{amount(invoice.totals?.vat)}</dd>
          </div>
          <div>
            <dt>{t('orders.detail.invoiceTotal')}</dt>
            <dd data-testid="invoice-total">
              <strong>{amount(invoice.totals?.total)}</strong>
            </dd>
          </div>
          {invoice.status === 'pending' && invoice.dueAt && (
            <div>
              <dt>{t('orders.detail.invoiceDue')}</dt>
              <dd>{formatMoment(lang, invoice.dueAt)}</dd>
            </div>
          )}
        </dl>
        <p>
          <a href={invoicePdfUrl(invoice.id, lang)} download>
            {t('orders.detail.invoicePdf')}
          </a>
        </p>
      </>
    );
  } else if (!order.quoteId || notIssued) body = <p className="field__hint">{t('orders.detail.invoiceNone')}</p>;
  else if (error) body = <p className="field__error">{error instanceof ApiError && error.code ? error.message : t('orders.detail.invoiceFailed')}</p>;
  else body = <p className="skeleton-line" aria-busy="true" />;
  return (
    <section className="staff-card" aria-labelledby={`${id}-invoice`} data-testid="order-invoice">
      <h3 id={`${id}-invoice`}>{t('orders.detail.invoice')}</h3>
      {body}
    </section>
  );
}

/** OrderTimeline is the order's history as a timeline: each move, when, to and from whom, by which staff member (by name), and any note. */
function OrderTimeline({ order, nameOf }) {
  const lang = useLanguage();
  const t = useStaffOrdersTexts();
  const rt = useStaffRevisionTexts();
  const id = useId();
  const staffName = useStaffNames(lang, (order.history ?? []).map((h) => h.by));
  return (
    <section className="staff-card" aria-labelledby={`${id}-timeline`}>
      <h3 id={`${id}-timeline`}>{t('orders.timeline')}</h3>
      <Timeline testid="staff-order-history">
        {(order.history ?? []).map((h, i) => {
          const { title, note } = historyEntryText(lang, 'staff', h);
          return (
            <li key={`${h.status}-${h.at}-${i}`} data-status={h.status} data-step={h.step || undefined}>
              <span className="timeline__status">{title}</span> <time dateTime={h.at}>{formatMoment(lang, h.at)}</time>
              {h.translatorId && <span> · {t('orders.to', { name: nameOf(h.translatorId) })}</span>}
              {h.previousTranslatorId && <span> · {rt('from', { name: nameOf(h.previousTranslatorId) })}</span>}
              {h.by && <span data-by={h.by}> · {t('orders.by', { name: staffName(h.by) || t('orders.staffMember') })}</span>}
              {note && <p className="timeline__note">{note}</p>}
            </li>
          );
        })}
      </Timeline>
    </section>
  );
}
