import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { accountDetailPath } from '../../../config/account-paths.js';
import { accountPath } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { ApiError } from '../../../lib/api-client.js';
import { Loading } from '../../../components/loading.jsx';
import { completeOrder, contractPdfUrl, orderKey, ordersKey, quotePdfUrl, requestRevision, useOrder, useQuote } from '../api/orders.js';
import { formatDate } from '../format.js';
import { historyEntryText } from '../../../lib/order-status.js';
import { useOrdersTexts } from '../texts.js';
import { useAmounts } from './price-summary.jsx';
import { FileList, QuoteCard, useWorkSummary } from './quote-card.jsx';
import { OrderStatus } from './status-badge.jsx';
import { SummaryItem } from './summary-item.jsx';
import { ExpectedDeliveryItem } from '../../../components/expected-date.jsx';
import { PriceLines } from './price-lines.jsx';
import { Timeline } from '../../../components/timeline.jsx';
import { Notice } from '../../../components/notice.jsx';

// The invoice of an approved quote has the id svc-billing derives from the quote's
// (svc-billing/API.md), so an order awaiting payment can lead to it before svc-orders knows it.
const invoiceIdOf = (quoteId) => `inv-${quoteId}`;

const REVISION_MAX = 2000;

/** LoadFailed says why an order or quote cannot be shown: not found (or not the caller's), or the server's message. */
function LoadFailed({ error, notFoundKey, failedKey }) {
  const t = useOrdersTexts();
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <>
      <BackToOrders />
      <h1>{t(notFound ? notFoundKey : failedKey)}</h1>
      {!notFound && error instanceof ApiError && error.code && <p className="form__error">{error.message}</p>}
    </>
  );
}

/** BackToOrders leads back to the orders section. */
function BackToOrders() {
  const lang = useLanguage();
  const t = useOrdersTexts();
  return (
    <p className="back-link">
      <Link to={accountPath(lang, 'siparislerim')}>← {t('order.back')}</Link>
    </p>
  );
}

/**
 * OrderDetail is one order in the panel: its states so far, what it covers, its files and the
 * translations delivered, and the customer's moves: accept the delivery, or ask for a revision
 * within the free revision period. money(order) draws what the order costs and what was invoiced
 * and paid (the app composes it from the billing feature).
 */
export function OrderDetail({ orderId, money }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  const id = useId();
  const amounts = useAmounts();
  const work = useWorkSummary();
  const { data: order, error } = useOrder(orderId, lang);
  const title = useRef(null);
  const loaded = !!order;
  useEffect(() => {
    if (loaded) title.current?.focus();
  }, [loaded]);

  if (error) return <LoadFailed error={error} notFoundKey="order.notFound" failedKey="order.failed" />;
  if (!order) return <Loading variant="detail" />;

  const dates = [
    ['createdAt', order.createdAt],
    ['paidAt', order.paidAt],
    ['deliveredAt', order.deliveredAt],
    ['completedAt', order.completedAt],
  ].filter(([, v]) => v);
  return (
    <article className="order-detail" data-testid="order-detail" data-order-id={order.id} data-status={order.status}>
      <BackToOrders />
      <h1 ref={title} tabIndex={-1}>
        {t('order.title', { number: order.number })}
      </h1>
      <p className="order-detail__status">
        <OrderStatus order={order} />
      </p>
      {order.status === 'awaiting_payment' && (
        <div className="notice">
          <p>{t('order.awaitingPayment')}</p>
          <p>
            {/* the invoice's page in the billing area (its id once svc-billing issued it, else the invoices) */}
            <Link className="button" to={accountDetailPath(lang, 'invoice', order.invoiceId || invoiceIdOf(order.quoteId))} data-testid="pay-now">
              {t('order.payNow')}
            </Link>
          </p>
        </div>
      )}
      {order.status === 'in_progress' && order.escalated === true && (
        <p className="notice" role="status" data-testid="escalated">
          {t('order.escalated')}
        </p>
      )}

      <OrderActions order={order} />

      <section aria-labelledby={`${id}-summary`} className="account__block">
        <h2 id={`${id}-summary`}>{t('order.summary')}</h2>
        <dl className="summary-list">
          <SummaryItem label={t('quote.service')}>{work.service(order.service)}</SummaryItem>
          <SummaryItem label={t('quote.languages')}>{work.languages(order)}</SummaryItem>
          <SummaryItem label={t('quote.quantity')}>{amounts.quantity(order.quantity, order.unit)}</SummaryItem>
          <SummaryItem label={t('quote.urgency')}>{work.urgency(order.urgency)}</SummaryItem>
          {order.addOns?.length > 0 && <SummaryItem label={t('quote.addOns')}>{work.addOns(order.addOns)}</SummaryItem>}
          <SummaryItem label={t('quote.delivery')}>{amounts.window(order.deliveryWindow)}</SummaryItem>
          {!order.deliveredAt && <ExpectedDeliveryItem date={order.expectedDate} />}
          <SummaryItem label={t('quote.total')}>
            <span data-amount={order.total?.amount} data-currency={order.total?.currency}>
              {order.total?.formatted}
            </span>
          </SummaryItem>
          {dates.map(([k, v]) => (
            <SummaryItem key={k} label={t(`order.${k}`)}>
              {formatDate(lang, v, { withTime: true })}
            </SummaryItem>
          ))}
          {order.canRequestRevision && order.revisionUntil && <SummaryItem label={t('order.revisionUntil')}>{formatDate(lang, order.revisionUntil, { withTime: true })}</SummaryItem>}
          {order.quoteId && (
            <SummaryItem label={t('order.quote')}>
              <Link to={accountDetailPath(lang, 'quote', order.quoteId)}>{t('quote.view')}</Link>
            </SummaryItem>
          )}
          {order.contract && (
            <SummaryItem label={t('contract.kept')}>
              <span data-testid="order-contract">
                {t('contract.keptText', { date: formatDate(lang, order.contract.acceptedAt, { withTime: true }) })}{' '}
                <a href={contractPdfUrl(order.id)} download data-pdf="contract">
                  {t('contract.pdf')}
                </a>
              </span>
            </SummaryItem>
          )}
        </dl>
        {order.lines?.length > 1 && <PriceLines lines={order.lines} />}
        {order.brief && (
          <div className="quote__brief">
            <h3>{t('quote.brief')}</h3>
            <p>{order.brief}</p>
          </div>
        )}
      </section>

      {money?.(order)}

      <section aria-labelledby={`${id}-files`} className="account__block">
        <h2 id={`${id}-files`}>{t('order.filesTitle')}</h2>
        {order.deliveries?.length ? <FileList title={t('order.deliveries')} files={order.deliveries} headingLevel={3} /> : <p>{t('order.noDeliveries')}</p>}
        {order.files?.length ? <FileList title={t('order.sourceFiles')} files={order.files} headingLevel={3} /> : <p className="field__hint">{t('order.noFiles')}</p>}
      </section>

      {order.fulfilment && <Fulfilment fulfilment={order.fulfilment} />}

      <section aria-labelledby={`${id}-history`} className="account__block">
        <h2 id={`${id}-history`}>{t('order.history')}</h2>
        <Timeline testid="order-history">
          {(order.history ?? []).map((h, i) => {
            const { title, note } = historyEntryText(lang, 'customer', h);
            return (
              <li key={`${h.status}-${h.at}-${i}`} data-status={h.status} data-step={h.step || undefined}>
                <span className="timeline__status">{title}</span>
                <time dateTime={h.at}>{formatDate(lang, h.at, { withTime: true })}</time>
                {note && <p className="timeline__note">{note}</p>}
              </li>
            );
          })}
        </Timeline>
      </section>
    </article>
  );
}

/**
 * Fulfilment is the paper side of sworn, notarised and apostilled work: each step the order needs,
 * done (with its time) or waiting, and once shipped the courier and the tracking number.
 */
export function Fulfilment({ fulfilment }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-fulfilment`} className="account__block" data-testid="fulfilment">
      <h2 id={`${id}-fulfilment`}>{t('order.fulfilment.title')}</h2>
      <ol className="timeline">
        {(fulfilment.steps ?? []).map((s) => (
          <li key={s.step} data-step={s.step} data-done={s.done ? 'true' : 'false'}>
            <span className="timeline__status">{t(`order.fulfilment.steps.${s.step}`)}</span>
            {s.done && s.at ? <time dateTime={s.at}>{formatDate(lang, s.at, { withTime: true })}</time> : <span className="field__hint">{t('order.fulfilment.waiting')}</span>}
            {s.note && <p className="timeline__note">{s.note}</p>}
          </li>
        ))}
      </ol>
      {fulfilment.trackingNumber && (
        <dl className="summary-list">
          <SummaryItem label={t('order.fulfilment.courier')}>{fulfilment.courier}</SummaryItem>
          <SummaryItem label={t('order.fulfilment.tracking')}>
            <span data-testid="tracking-number">{fulfilment.trackingNumber}</span>
          </SummaryItem>
        </dl>
      )}
    </section>
  );
}

/** OrderActions: a delivered order can be accepted or, within 7 days, sent back for a revision. */
function OrderActions({ order }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  const id = useId();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState('');
  const [error, setError] = useState('');
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const reasonField = useRef(null);
  if (order.status !== 'delivered') return null;

  const saved = (changed) => {
    mutate(orderKey(order.id, lang), changed, { revalidate: false });
    mutate(ordersKey(lang));
  };
  const fail = (err) => {
    const fields = err instanceof ApiError ? err.fields : {};
    if (fields.reason) setReasonError(fields.reason);
    setError(err instanceof ApiError && err.code ? err.message : t('errors.failed'));
  };

  async function accept() {
    setBusy('accept');
    setError('');
    try {
      saved(await completeOrder(order.id, lang));
    } catch (err) {
      fail(err);
    } finally {
      setBusy('');
    }
  }

  async function revise(e) {
    e.preventDefault();
    const text = reason.trim();
    const local = !text ? t('order.revisionRequired') : [...text].length > REVISION_MAX ? t('order.revisionTooLong') : '';
    setReasonError(local);
    setError('');
    if (local) {
      reasonField.current?.focus();
      return;
    }
    setBusy('revision');
    try {
      saved(await requestRevision(order.id, text, lang));
      setReason('');
    } catch (err) {
      fail(err);
    } finally {
      setBusy('');
    }
  }

  return (
    <section aria-labelledby={`${id}-title`} className="account__block order-actions">
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('order.accept')}
      </h2>
      {error && (
        <Notice tone="error">
          {error}
        </Notice>
      )}
      <p className="field__hint">{t('order.acceptHint')}</p>
      <p>
        <button type="button" className="button" onClick={accept} disabled={!!busy} data-action="complete">
          {busy === 'accept' ? t('order.accepting') : t('order.accept')}
        </button>
      </p>
      {order.canRequestRevision && (
        <form className="form" onSubmit={revise} noValidate data-testid="revision-form">
          <h3>{t('order.revision')}</h3>
          <div className="field">
            <label htmlFor={`${id}-reason`}>{t('order.revisionReason')}</label>
            <textarea
              ref={reasonField}
              id={`${id}-reason`}
              name="reason"
              rows={4}
              required
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              aria-invalid={reasonError ? 'true' : undefined}
              aria-describedby={[`${id}-reason-hint`, reasonError && `${id}-reason-error`].filter(Boolean).join(' ')}
            />
            <p id={`${id}-reason-hint`} className="field__hint">
              {t('order.revisionHint', { date: formatDate(lang, order.revisionUntil, { withTime: true }) })}
            </p>
            {reasonError && (
              <p id={`${id}-reason-error`} className="field__error">
                {reasonError}
              </p>
            )}
          </div>
          <div>
            <button type="submit" className="button button--ghost" disabled={!!busy}>
              {busy === 'revision' ? t('order.revisionSending') : t('order.revisionSend')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}

/** QuoteDetail is one quote in the panel, to approve or reject. */
export function QuoteDetail({ quoteId }) {
  const lang = useLanguage();
  const { data: quote, error } = useQuote(quoteId, lang);
  if (error) return <LoadFailed error={error} notFoundKey="quote.notFound" failedKey="orders.failed" />;
  if (!quote) return <Loading variant="detail" />;
  return (
    <>
      <BackToOrders />
      <QuoteCard quote={quote} headingLevel={1} />
      <QuotePdfLinks quoteId={quote.id ?? quoteId} />
    </>
  );
}

/** QuotePdfLinks downloads the quote as a PDF in Turkish and in English (svc-orders). */
function QuotePdfLinks({ quoteId }) {
  const t = useOrdersTexts();
  const id = useId();
  return (
    <section aria-labelledby={`${id}-pdf`} className="account__block" data-testid="quote-pdf">
      <h2 id={`${id}-pdf`}>{t('quote.pdfTitle')}</h2>
      <p className="actions">
        {['tr', 'en'].map((pdfLang) => (
          <a key={pdfLang} className="button button--ghost button--small" href={quotePdfUrl(quoteId, pdfLang)} download data-pdf={pdfLang}>
            {t(`quote.pdf.${pdfLang}`)}
          </a>
        ))}
      </p>
    </section>
  );
}
