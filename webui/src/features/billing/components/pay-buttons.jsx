import { useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { useSWRConfig } from 'swr';
import { accountDetailPath } from '../../../config/account-paths.js';
import { accountTabPath } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { useLanguage } from '../../../lib/language.jsx';
import { invoiceKey, invoicesKey, payInvoice } from '../api/billing.js';
import { createPayment, missingOf, returnUrl } from '../checkout.js';
import { money } from '../format.js';
import { useBillingTexts } from '../texts.js';
import '../billing.css';

/** usePayment is a createPayment for the component's lifetime, and its state. */
export function usePayment() {
  const [payment] = useState(() => createPayment());
  const state = useSyncExternalStore(payment.subscribe, payment.getSnapshot, payment.getSnapshot);
  return [payment, state];
}

/**
 * PayButtons pays a pending invoice from the balance or by card. Each click makes one
 * Idempotency-Key, and a second click while the first request is under way joins it, so a
 * double click pays once. A card payment sends the browser to the provider, which returns it to
 * the invoice's page in this language.
 */
export function PayButtons({ invoice, compact = false }) {
  const lang = useLanguage();
  const t = useBillingTexts();
  const { mutate } = useSWRConfig();
  const [payment, state] = usePayment();
  if (invoice.status !== 'pending' && !state.result) return null;

  const pay = (method) =>
    payment.run(method, async (key) => {
      const body = method === 'card' ? { method, returnUrl: returnUrl(accountDetailPath(lang, 'invoice', invoice.id)) } : { method };
      const answer = await payInvoice(invoice.id, body, key, lang);
      if (!answer?.checkoutUrl && answer?.invoice) {
        mutate(invoiceKey(invoice.id, lang), answer.invoice, { revalidate: false });
        mutate(invoicesKey(lang));
      }
      return answer;
    });

  if (state.result?.invoice?.status === 'paid') {
    return (
      <p className="form__note" role="status">
        {t('pay.paid')}
      </p>
    );
  }
  const small = compact ? ' button--small' : '';
  return (
    <div className="pay" data-testid="pay" aria-busy={state.busy ? 'true' : undefined}>
      <div className="pay__buttons">
        <button type="button" className={`button${small}`} onClick={() => pay('balance')} disabled={!!state.busy} data-method="balance">
          {state.busy === 'balance' ? t('pay.paying') : t('pay.balance')}
        </button>
        <button type="button" className={`button button--ghost${small}`} onClick={() => pay('card')} disabled={!!state.busy} data-method="card">
          {t('pay.card')}
        </button>
      </div>
      {state.busy === 'card' && (
        <p className="field__hint" role="status">
          {t('pay.redirecting')}
        </p>
      )}
      <PayError error={state.error} />
    </div>
  );
}

/**
 * PayError is why a payment failed, as the server says it; when the balance is short, by how
 * much, with a way to the balance page's top-up.
 */
export function PayError({ error }) {
  const lang = useLanguage();
  const t = useBillingTexts();
  if (!error) return null;
  const missing = missingOf(error);
  return (
    <div className="form__error pay__error" role="alert" data-code={error.code}>
      <p>{error instanceof ApiError && error.code ? error.message : t('pay.failed')}</p>
      {missing && (
        <p>
          <span data-testid="missing">{t('pay.missing', { amount: money(lang, missing) })}</span>{' '}
          <Link to={`${accountTabPath(lang, 'fatura-bilgileri', 'bakiye')}?currency=${encodeURIComponent(missing.currency)}#top-up`}>{t('pay.topUp')}</Link>
        </p>
      )}
    </div>
  );
}
