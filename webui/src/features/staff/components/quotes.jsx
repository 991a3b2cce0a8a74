import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { staffPath } from '../../../config/paths.js';
import { formatMoment, moneyText, parseAmount } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useStaffNames } from '../api/audit.js';
import { AuditLink } from './audit-link.jsx';
import { cancelQuote, reviseQuote, useQuotePages, useStaffQuote } from '../api/orders.js';
import { useStaffOrdersTexts } from '../orders-texts.js';
import { useStaffTexts } from '../texts.js';
import { ActionError, useRequestOnce } from './actions.jsx';
import { ListState, MorePages, SORTS, SearchForm, SortSelect, StatusFilter, useListParams } from './list-state.jsx';
import { CustomerLink } from './orders.jsx';
import { SandboxBadge, SandboxNote } from './sandbox-badge.jsx';
import { useUserNames } from '../api/customers.js';
import { StatusPill } from '../../../components/status-pill.jsx';
import { Notice } from '../../../components/notice.jsx';
import { DataTable } from '../../../components/data-table.jsx';

export const QUOTE_STATUSES = ['pending', 'approved', 'rejected', 'expired', 'cancelled'];
const NOTE_MAX = 1000;

/** revisionBody is a revision as svc-orders takes it, or the problems that keep it from being sent. */
export function revisionBody(amountText, note, currency) {
  const amount = parseAmount(amountText, currency);
  const problems = {};
  if (amount === null) problems.amount = 'quotes.revise.amountInvalid';
  const trimmed = note.trim();
  if (!trimmed || [...trimmed].length > NOTE_MAX) problems.note = 'quotes.revise.noteRequired';
  if (Object.keys(problems).length) return { problems };
  return { body: { total: { amount, currency }, note: trimmed } };
}

/** Quotes lists every quote by status, searched by number or customer, newest first, 50 a page. */
export function Quotes() {
  const lang = useLanguage();
  const t = useStaffOrdersTexts();
  const common = useStaffTexts();
  const [{ status, q, sort }, change] = useListParams({ status: 'pending', q: '', sort: 'newest' }, { sort: SORTS.default });
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useQuotePages(lang, { status, q, sort });
  const rows = (data ?? []).flatMap((p) => p?.quotes ?? []);
  const customerName = useUserNames(rows.map((x) => x.customerId), lang);
  const more = data?.at(-1)?.more;
  return (
    <>
      <StatusFilter statuses={QUOTE_STATUSES} value={status} onChange={(v) => change({ status: v })} texts={(s) => t(`quotes.statuses.${s}`)} allowAll />
      <SortSelect value={sort} onChange={(v) => change({ sort: v })} />
      <SearchForm label={t('quotes.searchLabel')} value={q} onSearch={(q) => change({ q })} maxLength={100} />
      <ListState loading={isLoading} error={error} empty={!isLoading && !error && rows.length === 0} retry={mutate} />
      {rows.length > 0 && (
        <DataTable rows="boxed">
          <thead>
            <tr>
              {['number', 'customer', 'total', 'created', 'expires'].map((k) => (
                <th key={k} scope="col">{t(`quotes.${k}`)}</th>
              ))}
              <th scope="col">{common('common.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((x) => (
              <tr key={x.id} data-quote-id={x.id} data-status={x.status} data-sandbox={x.sandbox ? 'true' : undefined}>
                <td className="data-table__id" data-label={t('quotes.number')}>
                  <Link to={staffPath(lang, 'teklifler', x.id)}>{x.number}</Link>
                  <SandboxBadge record={x} />
                </td>
                <td data-label={t('quotes.customer')}>
                  <CustomerLink id={x.customerId} name={customerName(x.customerId)} />
                </td>
                <td data-label={t('quotes.total')}>{moneyText(lang, x.total)}</td>
                <td data-label={t('quotes.created')}>{formatMoment(lang, x.createdAt)}</td>
                <td data-label={t('quotes.expires')}>{formatMoment(lang, x.expiresAt)}</td>
                <td data-label={common('common.status')}>
                  <StatusPill domain="quote" status={x.status} label={t(`quotes.statuses.${x.status}`)} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <MorePages pages={{ size, setSize, isValidating }} more={more} testid="quotes-more" />
    </>
  );
}

/** StaffQuoteDetail loads one quote (svc-orders admin/quotes/{id}). */
export function StaffQuoteDetail({ id }) {
  const lang = useLanguage();
  const common = useStaffTexts();
  const { data, error, isLoading, mutate } = useStaffQuote(id, lang);
  return (
    <>
      <p>
        <Link to={staffPath(lang, 'teklifler')}>← {common('common.back')}</Link>
      </p>
      <ListState loading={isLoading} error={error} retry={mutate} variant="detail" />
      {data && <StaffQuoteView quote={data} onChanged={(q) => mutate({ ...data, ...q, customerId: data.customerId }, { revalidate: true })} />}
    </>
  );
}

/** StaffQuoteView is one quote with its revisions and, while pending, Revise and Cancel. */
export function StaffQuoteView({ quote, onChanged, request: given }) {
  const lang = useLanguage();
  const t = useStaffOrdersTexts();
  const common = useStaffTexts();
  const [request, state] = useRequestOnce(given);
  const staffName = useStaffNames(lang, (quote.revisions ?? []).map((r) => r.by));
  const facts = [
    ['customer', <CustomerLink key="c" id={quote.customerId} />],
    ['total', moneyText(lang, quote.total)],
    ['version', quote.version],
    ['created', formatMoment(lang, quote.createdAt)],
    ['expires', formatMoment(lang, quote.expiresAt)],
  ];
  if (quote.cancelReason) facts.push(['cancelReason', quote.cancelReason]);
  return (
    <article className="staff-detail" data-quote-id={quote.id} data-status={quote.status}>
      <h2>{quote.number}</h2>
      <p>
        {common('common.status')}: <StatusPill domain="quote" status={quote.status} label={t(`quotes.statuses.${quote.status}`)} /> <SandboxBadge record={quote} />
      </p>
      <SandboxNote record={quote} />
      <dl className="staff-facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{t(`quotes.${k}`)}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {quote.orderId && (
        <p>
          <Link to={staffPath(lang, 'siparisler', quote.orderId)}>{t('quotes.order')}</Link>
        </p>
      )}
      <p>
        <AuditLink area="orders" kind="quote" id={quote.id} />
      </p>
      {quote.revisions?.length > 0 && (
        <>
          <h3>{t('quotes.revisions')}</h3>
          <ol data-testid="quote-revisions">
            {quote.revisions.map((r) => (
              <li key={r.version}>
                {t('quotes.revisionLine', { version: r.version, previous: moneyText(lang, r.previous), total: moneyText(lang, r.total) })} · {formatMoment(lang, r.at)}
                {r.by && <span data-by={r.by}>{` · ${staffName(r.by) || t('orders.staffMember')}`}</span>}
                {r.note && <p className="timeline__note">{r.note}</p>}
              </li>
            ))}
          </ol>
        </>
      )}
      {quote.status === 'pending' && (
        <div className="staff-actions">
          <ReviseForm quote={quote} request={request} state={state} onDone={onChanged} />
          <CancelForm quote={quote} request={request} state={state} onDone={onChanged} />
        </div>
      )}
      {state.result && <Notice>{t(state.result.status === 'cancelled' ? 'quotes.cancel.done' : 'quotes.revise.done')}</Notice>}
      <ActionError state={state} />
    </article>
  );
}

/** ReviseForm sends a new total in the quote's own currency with a note the customer reads. */
export function ReviseForm({ quote, request, state, onDone }) {
  const lang = useLanguage();
  const t = useStaffOrdersTexts();
  const id = useId();
  const currency = quote.total?.currency ?? 'TRY';
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [problems, setProblems] = useState({});
  const submit = (e) => {
    e.preventDefault();
    const checked = revisionBody(amount, note, currency);
    setProblems(checked.problems ?? {});
    if (checked.problems) return;
    request.run('revise', () => reviseQuote(quote.id, checked.body.total, checked.body.note, lang)).then((result) => {
      if (!result) return;
      setAmount('');
      setNote('');
      onDone?.(result);
    });
  };
  return (
    <form className="staff-revise" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate data-testid="revise-form">
      <h3 id={`${id}-title`}>{t('quotes.revise.title')}</h3>
      <div className="field">
        <label htmlFor={`${id}-amount`}>{t('quotes.revise.amount', { currency })}</label>
        <input id={`${id}-amount`} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} required aria-invalid={problems.amount ? 'true' : undefined} />
        {problems.amount && <p className="field__error">{t(problems.amount)}</p>}
      </div>
      <div className="field">
        <label htmlFor={`${id}-note`}>{t('quotes.revise.note')}</label>
        <textarea id={`${id}-note`} rows={3} maxLength={NOTE_MAX} value={note} onChange={(e) => setNote(e.target.value)} required aria-invalid={problems.note ? 'true' : undefined} />
        {problems.note && <p className="field__error">{t(problems.note)}</p>}
      </div>
      <button type="submit" className="button button--small" disabled={!!state.busy} data-action="revise">
        {t('quotes.revise.send')}
      </button>
    </form>
  );
}

/** CancelForm asks for the reason (the customer reads it) before cancelling the quote. */
export function CancelForm({ quote, request, state, onDone, open: initiallyOpen = false }) {
  const lang = useLanguage();
  const t = useStaffOrdersTexts();
  const common = useStaffTexts();
  const id = useId();
  const [open, setOpen] = useState(initiallyOpen);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState('');
  if (!open) {
    return (
      <button type="button" className="button button--small button--ghost" disabled={!!state.busy} onClick={() => setOpen(true)} aria-haspopup="dialog" data-action="cancel-open">
        {t('quotes.cancel.open')}
      </button>
    );
  }
  const submit = (e) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text || [...text].length > NOTE_MAX) {
      setProblem(common('common.reasonRequired'));
      return;
    }
    setProblem('');
    request.run('cancel', () => cancelQuote(quote.id, text, lang)).then((result) => {
      if (!result) return;
      setOpen(false);
      onDone?.(result);
    });
  };
  return (
    <form className="staff-reject" role="dialog" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate data-testid="cancel-form">
      <p id={`${id}-title`} className="staff-reject__title">
        {t('quotes.cancel.title')}
      </p>
      <div className="field">
        <label htmlFor={`${id}-reason`}>{t('quotes.cancel.reason')}</label>
        <textarea id={`${id}-reason`} rows={3} maxLength={NOTE_MAX} value={reason} onChange={(e) => setReason(e.target.value)} required aria-invalid={problem ? 'true' : undefined} />
        {problem && <p className="field__error">{problem}</p>}
      </div>
      <div className="staff-actions">
        <button type="submit" className="button button--small" disabled={!!state.busy} data-action="cancel">
          {t('quotes.cancel.send')}
        </button>
        <button type="button" className="button button--small button--ghost" onClick={() => setOpen(false)}>
          {common('common.cancel')}
        </button>
      </div>
    </form>
  );
}
