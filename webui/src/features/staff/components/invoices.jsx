import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { STAFF_SECTIONS, staffPath } from '../../../config/paths.js';
import { formatDate, formatMoment, formatMoney, formatNumber, moneyText } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { invoicePdfUrl, markInvoicePaid, markPaidBody, refundInvoice, useInvoice, useInvoicePages } from '../api/money.js';
import { useMoneyTexts } from '../money-texts.js';
import { ActionButton, ActionError, useRequestOnce } from './actions.jsx';
import { ListState, MorePages, SORTS, SearchForm, SortSelect, StatusFilter, useListParams } from './list-state.jsx';
import { CustomerLink } from './orders.jsx';
import { AuditLink } from './audit-link.jsx';
import { useUserNames } from '../api/customers.js';
import { StatusPill } from '../../../components/status-pill.jsx';
import { Notice } from '../../../components/notice.jsx';
import { DataTable } from '../../../components/data-table.jsx';
import { EDocumentsExport } from './e-documents-export.jsx';
import { SandboxBadge, SandboxNote } from './sandbox-badge.jsx';

const STATUSES = ['pending', 'paid', 'refunded'];

/** turkeyToday is today's calendar day in Turkey, YYYY-MM-DD: the day a transfer arrived defaults to it. */
export const turkeyToday = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(now);

/** pastDue says whether a pending invoice's due date has passed at now. */
export const pastDue = (invoice, now = Date.now()) => invoice.status === 'pending' && !!invoice.dueAt && new Date(invoice.dueAt).getTime() < now;

/** turkeyDay writes the calendar day, in Turkey, of a moment that stands for a day (a transfer's arrival): 22 Kas 2026. */
export function turkeyDay(lang, value) {
  return formatDate(lang, value, { dateStyle: 'medium', timeZone: 'Europe/Istanbul' });
}

const total = (invoice) => ({ amount: invoice.totals?.total, currency: invoice.currency, decimals: invoice.decimals });

/**
 * InvoicesTable lists invoices, each number leading to its page; showCustomer false on a
 * customer's own page, showPaid for a list of invoices paid in a period (when each was paid).
 */
export function InvoicesTable({ invoices, showCustomer = true, showPaid = false, sections = STAFF_SECTIONS }) {
  const lang = useLanguage();
  const t = useMoneyTexts();
  const columns = ['number', ...(showCustomer ? ['customer'] : []), 'order', 'total', 'issued', showPaid ? 'paidOn' : 'due', 'status'];
  const customerName = useUserNames(showCustomer ? invoices.map((i) => i.customerId) : [], lang);
  return (
    <DataTable rows="boxed">
      <thead>
        <tr>
          {columns.map((k) => (
            <th key={k} scope="col">{t(`invoices.${k}`)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {invoices.map((inv) => (
          <tr key={inv.id} data-invoice-id={inv.id} data-status={inv.status} data-sandbox={inv.sandbox ? 'true' : undefined}>
            <td className="data-table__id" data-label={t('invoices.number')}>
              {sections.includes('faturalar') ? <Link to={staffPath(lang, 'faturalar', inv.id)}>{inv.number || inv.id}</Link> : inv.number || inv.id}
              <SandboxBadge record={inv} />
            </td>
            {showCustomer && (
              <td data-label={t('invoices.customer')}>
                <CustomerLink id={inv.customerId} name={customerName(inv.customerId)} sections={sections} />
              </td>
            )}
            <td data-label={t('invoices.order')}>{inv.orderNumber}</td>
            <td data-label={t('invoices.total')}>{moneyText(lang, total(inv))}</td>
            <td data-label={t('invoices.issued')}>{formatMoment(lang, inv.issuedAt)}</td>
            {showPaid ? (
              <td data-label={t('invoices.paidOn')}>{formatMoment(lang, inv.paidAt)}</td>
            ) : (
              <td data-label={t('invoices.due')}>{formatMoment(lang, inv.dueAt)}</td>
            )}
            <td data-label={t('invoices.status')}>
              <StatusPill domain="invoice" status={inv.status} label={t(`invoices.statuses.${inv.status}`)} />
              {pastDue(inv) && <strong className="staff-flag"> · {t('invoices.overdue')}</strong>}
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** DAY is a day as svc-billing's paid period takes it. */
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * PaidPeriod picks the days invoices were paid in (from, to, both included; the revenue chart's
 * weeks link here with both set), or clears them.
 */
function PaidPeriod({ from, to, onChange }) {
  const t = useMoneyTexts();
  const id = useId();
  return (
    <fieldset className="staff-period" data-testid="paid-period">
      <legend>{t('invoices.period.title')}</legend>
      <span className="staff-period__day">
        <label htmlFor={`${id}-from`}>{t('invoices.period.from')}</label>
        <input id={`${id}-from`} type="date" value={from} max={to || undefined} onChange={(e) => onChange({ paidFrom: e.target.value })} />
      </span>
      <span className="staff-period__day">
        <label htmlFor={`${id}-to`}>{t('invoices.period.to')}</label>
        <input id={`${id}-to`} type="date" value={to} min={from || undefined} onChange={(e) => onChange({ paidTo: e.target.value })} />
      </span>
      {(from || to) && (
        <button type="button" className="button button--ghost button--small" onClick={() => onChange({ paidFrom: '', paidTo: '' })}>
          {t('invoices.period.clear')}
        </button>
      )}
    </fieldset>
  );
}

/**
 * Invoices is every invoice by status (or past due), by the days they were paid, searched by
 * number, 50 a page (svc-billing admin/invoices).
 */
export function Invoices() {
  const lang = useLanguage();
  const t = useMoneyTexts();
  const [filter, change] = useListParams({ status: '', pastDue: '', q: '', sort: 'newest', paidFrom: '', paidTo: '' }, { sort: SORTS.invoices });
  const { q } = filter;
  // A day the address holds that is no day is left out rather than sent to be refused.
  const paidFrom = DAY.test(filter.paidFrom) ? filter.paidFrom : '';
  const paidTo = DAY.test(filter.paidTo) ? filter.paidTo : '';
  const period = Boolean(paidFrom || paidTo);
  // An invoice paid in a period is paid or since refunded: never pending, so never past due.
  const statuses = period ? STATUSES.filter((s) => s !== 'pending') : STATUSES;
  const status = statuses.includes(filter.status) ? filter.status : '';
  const overdue = !period && filter.pastDue === 'true';
  // Due dates matter while an invoice waits: svc-billing sorts by them only with pending ones in the list.
  const sorts = period || status === 'paid' || status === 'refunded' ? SORTS.default : SORTS.invoices;
  const sort = sorts.includes(filter.sort) ? filter.sort : 'newest';
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useInvoicePages(lang, { status: overdue ? '' : status, pastDue: overdue, q, sort, paidFrom, paidTo });
  const rows = (data ?? []).flatMap((p) => p?.invoices ?? []);
  const more = data?.at(-1)?.more;
  return (
    <>
      <StatusFilter statuses={statuses} value={overdue ? 'pending' : status} onChange={(s) => change({ status: s, pastDue: s === 'pending' ? filter.pastDue : '' })} texts={(s) => t(`invoices.statuses.${s}`)} allowAll />
      {!period && (
        <label className="staff-check">
          <input type="checkbox" checked={overdue} onChange={(e) => change({ pastDue: e.target.checked ? 'true' : '' })} data-testid="past-due" /> {t('invoices.pastDue')}
        </label>
      )}
      <PaidPeriod from={paidFrom} to={paidTo} onChange={change} />
      <SortSelect options={sorts} value={sort} onChange={(v) => change({ sort: v })} />
      <SearchForm label={t('invoices.searchLabel')} value={q} onSearch={(q) => change({ q })} maxLength={20} />
      {period && <p className="staff-period__note">{t('invoices.period.note')}</p>}
      <ListState loading={isLoading && !rows.length} error={error} empty={!isLoading && !error && rows.length === 0} retry={mutate} />
      {rows.length > 0 && <InvoicesTable invoices={rows} showPaid={period} />}
      <MorePages pages={{ size, setSize, isValidating }} more={more} testid="invoices-more" />
      <EDocumentsExport today={turkeyToday()} />
    </>
  );
}

/** MarkPaidForm records a customer's bank transfer for a pending invoice: the bank's reference and the day it arrived. */
export function MarkPaidForm({ invoice, onDone, request: given }) {
  const lang = useLanguage();
  const t = useMoneyTexts();
  const id = useId();
  const [request, state] = useRequestOnce(given);
  const [reference, setReference] = useState('');
  const [day, setDay] = useState(() => turkeyToday());
  const [errors, setErrors] = useState({});
  const submit = (e) => {
    e.preventDefault();
    const checked = markPaidBody(reference, day);
    setErrors(checked.errors ?? {});
    if (checked.errors) return;
    request.run('mark-paid', () => markInvoicePaid(invoice.id, checked.body, lang)).then((result) => result && onDone?.(result));
  };
  const field = (name, label, input) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      {input}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="field__error">
          {t(`invoices.markPaid.${errors[name]}`)}
        </p>
      )}
    </div>
  );
  return (
    <form className="staff-reject" onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-testid="mark-paid">
      <p id={`${id}-title`} className="staff-reject__title">
        {t('invoices.markPaid.title')}
      </p>
      {field(
        'reference',
        t('invoices.markPaid.reference'),
        <input id={`${id}-reference`} name="reference" required maxLength={140} value={reference} onChange={(e) => setReference(e.target.value)} aria-invalid={errors.reference ? 'true' : undefined} aria-describedby={errors.reference ? `${id}-reference-error` : undefined} />,
      )}
      {field(
        'receivedAt',
        t('invoices.markPaid.date'),
        <input id={`${id}-receivedAt`} name="receivedAt" type="date" required max={turkeyToday()} value={day} onChange={(e) => setDay(e.target.value)} aria-invalid={errors.receivedAt ? 'true' : undefined} aria-describedby={errors.receivedAt ? `${id}-receivedAt-error` : undefined} />,
      )}
      <div className="staff-actions">
        <button type="submit" className="button button--small" disabled={!!state.busy} aria-busy={!!state.busy || undefined}>
          {state.busy ? t('common.sending') : t('invoices.markPaid.send')}
        </button>
      </div>
      <ActionError state={state} />
    </form>
  );
}

/** RefundButton refunds a paid invoice to the customer's balance after staff confirm it. */
export function RefundButton({ invoice, onDone, request: given, confirming = false }) {
  const lang = useLanguage();
  const t = useMoneyTexts();
  const [request, state] = useRequestOnce(given);
  const [asking, setAsking] = useState(confirming);
  if (!asking) {
    return (
      <button type="button" className="button button--small button--ghost" onClick={() => setAsking(true)} data-action="refund-open">
        {t('invoices.refund.button')}
      </button>
    );
  }
  return (
    <div role="alertdialog" aria-live="polite" className="staff-reject" data-testid="refund-confirm">
      <p className="staff-reject__title">{t('invoices.refund.confirm', { total: moneyText(lang, total(invoice)) })}</p>
      <div className="staff-actions">
        <ActionButton request={request} state={state} what="refund" send={() => refundInvoice(invoice.id, lang)} onDone={(r) => { setAsking(false); onDone?.(r); }}>
          {t('invoices.refund.yes')}
        </ActionButton>
        <button type="button" className="button button--small button--ghost" disabled={!!state.busy} onClick={() => setAsking(false)}>
          {t('common.cancel')}
        </button>
      </div>
      <ActionError state={state} />
    </div>
  );
}

/**
 * PaymentMethod words how an invoice was paid: the method in the reader's words, then the
 * reference. A sandbox invoice is paid without charge (method sandbox); its reference is the
 * method the integrator named (card, balance), worded too rather than shown as a code.
 */
export function PaymentMethod({ payment }) {
  const t = useMoneyTexts();
  const method = t(`invoices.methods.${payment.method}`, { defaultValue: payment.method });
  if (payment.method === 'sandbox') {
    return (
      <span data-method="sandbox">
        {method}
        {payment.reference && ` · ${t('invoices.sandboxMethod')}: ${t(`invoices.methods.${payment.reference}`, { defaultValue: payment.reference })}`}
      </span>
    );
  }
  return (
    <span data-method={payment.method}>
      {method} · {t('invoices.reference')}: <span className="staff-mono">{payment.reference}</span>
    </span>
  );
}

/** InvoiceView is one invoice as staff see it: lines, totals, payment, and what may be done with it now. */
export function InvoiceView({ invoice, onChanged, sections = STAFF_SECTIONS }) {
  const lang = useLanguage();
  const t = useMoneyTexts();
  const [done, setDone] = useState('');
  const money = (amount) => formatMoney(amount ?? 0, invoice.currency, lang, invoice.decimals);
  const changed = (what) => (result) => {
    setDone(what);
    onChanged?.(result);
  };
  const p = invoice.payment;
  return (
    <article data-invoice-id={invoice.id} data-status={invoice.status} data-sandbox={invoice.sandbox ? 'true' : undefined}>
      <dl className="staff-facts">
        <dt>{t('invoices.number')}</dt>
        <dd>
          {invoice.number} <SandboxBadge record={invoice} />
          <SandboxNote record={invoice} />
        </dd>
        <dt>{t('invoices.status')}</dt>
        <dd>
          <StatusPill domain="invoice" status={invoice.status} label={t(`invoices.statuses.${invoice.status}`)} />
          {pastDue(invoice) && <strong className="staff-flag"> · {t('invoices.overdue')}</strong>}
        </dd>
        <dt>{t('invoices.customer')}</dt>
        <dd>
          <CustomerLink id={invoice.customerId} sections={sections} />
        </dd>
        <dt>{t('invoices.order')}</dt>
        <dd>{invoice.orderNumber}</dd>
        <dt>{t('invoices.issued')}</dt>
        <dd>{formatMoment(lang, invoice.issuedAt)}</dd>
        <dt>{t('invoices.due')}</dt>
        <dd>{formatMoment(lang, invoice.dueAt)}</dd>
        {p && (
          <>
            <dt>{t('invoices.payment')}</dt>
            <dd>
              <PaymentMethod payment={p} />
              {p.receivedAt && ` · ${t('invoices.received')}: ${turkeyDay(lang, p.receivedAt)}`}
            </dd>
          </>
        )}
        {invoice.paidAt && (
          <>
            <dt>{t('invoices.paidAt')}</dt>
            <dd>{formatMoment(lang, invoice.paidAt)}</dd>
          </>
        )}
        {invoice.refundedAt && (
          <>
            <dt>{t('invoices.refundedAt')}</dt>
            <dd>{formatMoment(lang, invoice.refundedAt)}</dd>
          </>
        )}
      </dl>
      <h2>{t('invoices.lines')}</h2>
      <DataTable rows="boxed">
        <thead>
          <tr>
            <th scope="col">{t('invoices.line')}</th>
            <th scope="col">{t('invoices.quantity')}</th>
            <th scope="col">{t('invoices.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {(invoice.lines ?? []).map((l, i) => (
            <tr key={i} data-kind={l.kind}>
              <td data-label={t('invoices.line')}>{l.description?.[lang] ?? ''}</td>
              <td data-label={t('invoices.quantity')}>{l.quantity ? `${l.quantity} ${l.unit ? t(`invoices.units.${l.unit}`, { defaultValue: l.unit }) : ''}`.trim() : ''}</td>
              <td data-label={t('invoices.amount')}>{money(l.amount)}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <dl className="staff-facts">
        <dt>{t('invoices.net')}</dt>
        <dd>{money(invoice.totals?.net)}</dd>
        <dt>{t('invoices.vat')}</dt>
        <dd>{money(invoice.totals?.vat)}</dd>
        <dt>{t('invoices.totalDue')}</dt>
        <dd>
          <strong>{money(invoice.totals?.total)}</strong>
        </dd>
        {invoice.currency !== 'USD' && invoice.totalsUsd && (
          <>
            <dt>{t('invoices.usd')}</dt>
            <dd>
              {formatMoney(invoice.totalsUsd.total, 'USD', lang)} · {t('invoices.rate', { rate: formatNumber(lang, invoice.rateMicros / 1e6), currency: invoice.currency })}
            </dd>
          </>
        )}
      </dl>
      <p className="staff-actions">
        <a href={invoicePdfUrl(invoice.id, lang)} download>
          {t('invoices.pdf')}
        </a>
        <AuditLink area="billing" kind="invoice" id={invoice.id} sections={sections} />
      </p>
      {done && <Notice>{t(done === 'paid' ? 'invoices.markPaid.done' : 'invoices.refund.done')}</Notice>}
      {invoice.status === 'pending' && <MarkPaidForm invoice={invoice} onDone={changed('paid')} />}
      {invoice.status === 'paid' && <RefundButton invoice={invoice} onDone={changed('refunded')} />}
    </article>
  );
}

/** InvoiceDetail loads one invoice (svc-billing admin/invoices/{id}). */
export function InvoiceDetail({ id }) {
  const lang = useLanguage();
  const t = useMoneyTexts();
  const { data, error, isLoading, mutate } = useInvoice(id, lang);
  return (
    <>
      <p>
        <Link to={staffPath(lang, 'faturalar')}>← {t('common.back')}</Link>
      </p>
      <ListState loading={isLoading && !data} error={error} retry={mutate} variant="detail" />
      {data && <InvoiceView invoice={data} onChanged={(inv) => mutate(inv, { revalidate: false })} />}
    </>
  );
}
