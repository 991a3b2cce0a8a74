import { useId, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { accountDetailPath } from '../../../config/account-paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useCommonTexts } from '../../../lib/i18n.js';
import { moneyText } from '../../../lib/format.js';
import { usePrices } from '../../../lib/api/use-prices.js';
import { PriceBreakdown } from '../../../components/price-breakdown.jsx';
import { approveQuote, contractKey, fileUrl, ordersKey, quoteKey, quotesKey, rejectQuote } from '../api/orders.js';
import { ContractStep } from './contract-step.jsx';
import { readApprovalError } from '../approval.js';
import { formatDate } from '../format.js';
import { useOrdersContext } from '../orders-context.jsx';
import { quoteStatus } from '../status.js';
import { useOrdersTexts } from '../texts.js';
import { useAmounts } from './price-summary.jsx';
import { StatusBadge } from './status-badge.jsx';
import { FileCounts } from './file-counts.jsx';
import { SummaryItem } from './summary-item.jsx';
import { ExpectedDeliveryItem } from '../../../components/expected-date.jsx';
import { PriceLines } from './price-lines.jsx';
import { Notice } from '../../../components/notice.jsx';

const REASON_MAX = 1000;

/** useWorkSummary names what a quote or an order is for: service, languages, add-ons, urgency. */
export function useWorkSummary() {
  const lang = useLanguage();
  const common = useCommonTexts();
  const t = useOrdersTexts();
  const { languageName } = useOrdersContext();
  const { data: prices } = usePrices();
  const addOnNames = new Map((prices?.addOns ?? []).map((a) => [a.id, a.name?.[lang] ?? a.id]));
  return {
    service: (id) => common(`nav.serviceNames.${id}`, { defaultValue: id }),
    languages: (item) => `${languageName(item.sourceLanguage)} → ${(item.targetLanguages ?? []).map(languageName).join(', ')}`,
    addOns: (ids) => (ids ?? []).map((id) => addOnNames.get(id) ?? id).join(', '),
    urgency: (u) => t(`quote.urgencies.${u}`, { defaultValue: u }),
  };
}

/**
 * QuoteCard shows a quote as the customer decides on it: what it covers, its lines and total in
 * the currency it was priced in, until when it can be approved, and the Approve / Reject actions
 * while it is pending. onApproved({ quote, order }) runs before the page moves to the new order.
 */
export function QuoteCard({ quote, headingLevel = 2, onApproved }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  const id = useId();
  const amounts = useAmounts();
  const work = useWorkSummary();
  const Heading = `h${headingLevel}`;
  const status = quoteStatus(quote);
  // The billing country being typed in the approval step, which the breakdown previews.
  const [billingCountry, setBillingCountry] = useState('');
  return (
    <article className="quote card" aria-labelledby={`${id}-title`} data-testid="quote" data-quote-id={quote.id} data-status={status}>
      <header className="quote__header">
        <Heading id={`${id}-title`}>{t('quote.title', { number: quote.number })}</Heading>
        <StatusBadge kind="quote" status={status} />
      </header>
      <dl className="summary-list">
        <SummaryItem label={t('quote.service')}>{work.service(quote.service)}</SummaryItem>
        <SummaryItem label={t('quote.languages')}>{work.languages(quote)}</SummaryItem>
        <SummaryItem label={t('quote.quantity')}>{amounts.quantity(quote.quantity, quote.unit)}</SummaryItem>
        <SummaryItem label={t('quote.urgency')}>{work.urgency(quote.urgency)}</SummaryItem>
        {quote.addOns?.length > 0 && <SummaryItem label={t('quote.addOns')}>{work.addOns(quote.addOns)}</SummaryItem>}
        <SummaryItem label={t('quote.delivery')}>{amounts.window(quote.deliveryWindow)}</SummaryItem>
        <ExpectedDeliveryItem date={quote.expectedDate} />
        <SummaryItem label={t('quote.createdAt')}>{formatDate(lang, quote.createdAt, { withTime: true })}</SummaryItem>
        {status === 'pending' && <SummaryItem label={t('quote.validUntil')}>{t('quote.validUntilText', { date: formatDate(lang, quote.expiresAt, { withTime: true }) })}</SummaryItem>}
      </dl>
      <QuoteRevision quote={quote} />
      {quote.lines?.length > 0 && <PriceLines lines={quote.lines} total={quote.total} />}
      <PriceBreakdown total={quote.total} totalUsd={quote.totalUsd} country={status === 'pending' ? billingCountry : ''} title />
      {quote.files?.length > 0 && <FileList title={t('quote.files')} files={quote.files} />}
      {quote.brief && (
        <div className="quote__brief">
          <h3>{t('quote.brief')}</h3>
          <p>{quote.brief}</p>
        </div>
      )}
      <QuoteActions quote={quote} onApproved={onApproved} onBillingCountry={setBillingCountry} />
    </article>
  );
}

/** QuoteRevision says that staff changed the price, from what to what, with their note (the latest revision). */
export function QuoteRevision({ quote }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  const last = quote.revisions?.at(-1);
  if (!last) return null;
  return (
    <div className="notice" data-testid="quote-revision" data-version={quote.version}>
      <p>{t('quote.revised', { previous: moneyText(lang, last.previous), total: moneyText(lang, last.total) })}</p>
      {last.note && <p>{t('quote.revisedNote', { note: last.note })}</p>}
      <p className="field__hint">{t('quote.revisedAt', { date: formatDate(lang, last.at, { withTime: true }) })}</p>
    </div>
  );
}

/** FileList lists files with their counts and a download link each. */
export function FileList({ title, files, headingLevel = 3 }) {
  const t = useOrdersTexts();
  const Heading = `h${headingLevel}`;
  return (
    <div className="file-list">
      <Heading>{title}</Heading>
      <ul>
        {files.map((f) => (
          <li key={f.id} data-file-id={f.id}>
            <a href={fileUrl(f.id)} download={f.name} aria-label={t('order.downloadLabel', { name: f.name })}>
              {f.name}
            </a>
            <FileCounts counts={f.counts} compact />
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * QuoteActions approves or rejects a pending quote (with an optional reason) and says what
 * became of a decided one. Approving is two steps: the billing details the invoice and the
 * contract name, then the contract with its boxes (ContractStep). After approving, the page
 * moves to the new order in the panel.
 */
export function QuoteActions({ quote, onApproved, onBillingCountry, compact = false }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  const id = useId();
  // The billing details step the app gives (the billing feature's); detailsRequired after a 409.
  const { BillingStep } = useOrdersContext();
  const [detailsRequired, setDetailsRequired] = useState(false);
  // stage: 'details' (confirm or give the billing details), then 'contract'.
  const [stage, setStage] = useState(BillingStep ? 'details' : 'contract');
  const [contractErrors, setContractErrors] = useState({});
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  const [busy, setBusy] = useState('');
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const status = quoteStatus(quote);

  const refresh = (changed) => {
    if (changed) mutate(quoteKey(quote.id, lang), changed, { revalidate: false });
    else mutate(quoteKey(quote.id, lang));
    mutate(quotesKey(lang));
  };
  const fail = (err) => {
    // No billing details saved yet (409 billing_details_required): the step shows its form.
    const read = readApprovalError(err, { hasBillingStep: !!BillingStep });
    if (read.detailsRequired) {
      setDetailsRequired(true);
      if (BillingStep) setStage('details');
    }
    // The text read is not the one that applies now, or a box was found unticked: the contract
    // is read again, or the boxes say what is missing.
    if (read.contractChanged) mutate(contractKey(quote.id, lang));
    setContractErrors(read.contractFields ?? {});
    setError(read.message ?? t('errors.failed'));
    // A quote decided elsewhere (expired, rejected in another tab): show its current state.
    if (read.reload) refresh();
  };

  async function approve(contract) {
    setBusy('approve');
    setError('');
    setDetailsRequired(false);
    setContractErrors({});
    try {
      const answer = await approveQuote(quote.id, lang, quote.version, contract);
      refresh(answer.quote);
      mutate(ordersKey(lang));
      await onApproved?.(answer);
      navigate(accountDetailPath(lang, 'order', answer.order.id));
    } catch (err) {
      setBusy('');
      fail(err);
    }
  }

  async function reject(e) {
    e.preventDefault();
    if ([...reason].length > REASON_MAX) return;
    setBusy('reject');
    setError('');
    try {
      const changed = await rejectQuote(quote.id, reason.trim(), lang);
      setRejecting(false);
      refresh(changed);
    } catch (err) {
      fail(err);
    } finally {
      setBusy('');
    }
  }

  const errorLine = error && (
    <Notice tone="error">
      {error}
    </Notice>
  );

  if (status === 'approved') {
    return (
      <div className="quote__actions">
        {quote.orderId && (
          <Link className="button button--small" to={accountDetailPath(lang, 'order', quote.orderId)}>
            {t('quote.toOrder')}
          </Link>
        )}
      </div>
    );
  }
  if (status !== 'pending') {
    return (
      <div className="quote__actions">
        {errorLine}
        {!compact && <p className="notice">{t(`quote.${status === 'rejected' || status === 'cancelled' ? status : 'expired'}`)}</p>}
        {!compact && status === 'cancelled' && quote.cancelReason && (
          <p data-testid="cancel-reason">{t('quote.cancelReason', { reason: quote.cancelReason })}</p>
        )}
      </div>
    );
  }
  return (
    <div className="quote__actions">
      {errorLine}
      {!compact && <p className="field__hint">{t('quote.approveHint')}</p>}
      {!compact && stage === 'details' && BillingStep && (
        <BillingStep
          onConfirm={() => {
            setError('');
            // The contract names the details just confirmed or saved: read it afresh.
            mutate(contractKey(quote.id, lang), undefined, { revalidate: true });
            setStage('contract');
          }}
          confirmLabel={t('quote.continue')}
          confirmAction="continue"
          onCountryChange={onBillingCountry}
          required={detailsRequired}
        />
      )}
      {!compact && stage === 'contract' && (
        <ContractStep
          quoteId={quote.id}
          onApprove={approve}
          busy={busy === 'approve'}
          fieldErrors={contractErrors}
          approveLabel={t('quote.approve')}
          busyLabel={t('quote.approving')}
          onChangeDetails={BillingStep ? () => setStage('details') : undefined}
        />
      )}
      <div className="actions">
        {compact && (
          // A list's row leads to the quote's page, where the details and the contract are.
          <Link className="button button--small" to={accountDetailPath(lang, 'quote', quote.id)} data-action="approve">
            {t('quote.approve')}
          </Link>
        )}
        {!rejecting && (
          <button type="button" className={compact ? 'button button--ghost button--small' : 'button button--ghost'} onClick={() => setRejecting(true)} disabled={!!busy} data-action="reject">
            {t('quote.reject')}
          </button>
        )}
      </div>
      {rejecting && (
        <form id={`${id}-reject`} className="form quote__reject" onSubmit={reject} noValidate>
          <div className="field">
            <label htmlFor={`${id}-reason`}>{t('quote.rejectReason')}</label>
            {/* the form opens on the customer's click, so focus follows it */}
            <textarea id={`${id}-reason`} name="reason" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={REASON_MAX} autoFocus />
          </div>
          <div className="actions">
            <button type="submit" className="button button--small" disabled={!!busy}>
              {busy === 'reject' ? t('quote.rejecting') : t('quote.rejectConfirm')}
            </button>
            <button type="button" className="button button--ghost button--small" onClick={() => setRejecting(false)} disabled={!!busy}>
              {t('quote.cancel')}
            </button>
          </div>
        </form>
      )}
    </div>
  );
}
