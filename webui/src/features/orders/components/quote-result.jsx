import { useEffect, useId, useRef } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { ApiError } from '../../../lib/api-client.js';
import { Loading } from '../../../components/loading.jsx';
import { useQuote } from '../api/orders.js';
import { useOrdersTexts } from '../texts.js';
import { QuoteCard } from './quote-card.jsx';
import { Notice } from '../../../components/notice.jsx';

/** QuoteResult is the quote the wizard just created, to approve or reject right here. */
export function QuoteResult({ quoteId, onApproved, onNew }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  const id = useId();
  const { data: quote, error } = useQuote(quoteId, lang);
  const title = useRef(null);
  useEffect(() => {
    title.current?.focus();
  }, []);
  return (
    <section className="order-quote" aria-labelledby={`${id}-title`} data-testid="order-quote">
      <h2 id={`${id}-title`} ref={title} tabIndex={-1}>
        {t('quote.created')}
      </h2>
      {error ? (
        <Notice tone="error">
          {error instanceof ApiError && error.status === 404 ? t('quote.notFound') : error instanceof ApiError && error.code ? error.message : t('errors.failed')}
        </Notice>
      ) : !quote ? (
        <Loading />
      ) : (
        <QuoteCard quote={quote} headingLevel={3} onApproved={onApproved} />
      )}
      <p className="actions">
        <button type="button" className="button button--ghost" onClick={onNew}>
          {t('quote.newOrder')}
        </button>
      </p>
    </section>
  );
}
