import { useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { accountDetailPath } from '../../../config/account-paths.js';
import { accountTabPath } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { useLanguage } from '../../../lib/language.jsx';
import { balanceKey, invoiceKey, invoicesKey, payInvoice, useBalanceOf } from '../api/billing.js';
import { createPayment, missingOf, returnUrl, shortfallOf } from '../checkout.js';
import { money } from '../format.js';
import { useBillingTexts } from '../texts.js';
import '../billing.css';
import { Notice } from '../../../components/notice.jsx';

/** usePayment is a createPayment for the component's lifetime, and its state. */
export function usePayment() {
  const [payment] = useState(() => createPayment());
  const state = useSyncExternalStore(payment.subscribe, payment.getSnapshot, payment.getSnapshot);
  return [payment, state];
}

/** topUpPath is the balance page's top-up form in currency. */
const topUpPath = (lang, currency) => `${accountTabPath(lang, 'fatura-bilgileri', 'bakiye')}?currency=${encodeURIComponent(currency)}#top-up`;

/**
 * PayButtons pays a pending invoice from the balance or by card. Each click makes one
 * Idempotency-Key, and a second click while the first request is under way joins it, so a
 * double click pays once. A card payment sends the browser to the provider, which returns it to
 * the invoice's page in this language. When the balance does not cover the invoice, card is the
 * main button and the balance one, second, says how much is missing (once: nowhere else on the
 * screen) and leads to topping the balance up.
 */
export function PayButtons({ invoice, compact = false }) {
  const lang = useLanguage();
  const t = useBillingTexts();
  const { mutate } = useSWRConfig();
  const [payment, state] = usePayment();
  const pending = invoice.status === 'pending';
  const { data: balance } = useBalanceOf(lang, invoice.currency, { enabled: pending });
  if (!pending && !state.result) return null;

  const pay = (method) =>
    payment.run(method, async (key) => {
      const body = method === 'card' ? { method, returnUrl: returnUrl(accountDetailPath(lang, 'invoice', invoice.id)) } : { method };
      const answer = await payInvoice(invoice.id, body, key, lang);
      if (!answer?.checkoutUrl && answer?.invoice) {
        mutate(invoiceKey(invoice.id, lang), answer.invoice, { revalidate: false });
        mutate(invoicesKey(lang));
        if (method === 'balance') mutate(balanceKey(lang, invoice.currency));
      }
      return answer;
    });

  if (state.result?.invoice?.status === 'paid') {
    return (
      <Notice>
        {t('pay.paid')}
      </Notice>
    );
  }
  const small = compact ? ' button--small' : '';
  // The refusal of a balance payment names the amount missing too: it is said by the button instead.
  const short = shortfallOf(invoice, balance?.balances) ?? missingOf(state.error);
  const balanceButton = short ? (
    <Link className={`button button--ghost${small}`} to={topUpPath(lang, short.currency)} data-method="balance" data-short="true" data-missing={short.amount}>
      {t('pay.balanceShort', { amount: money(lang, short) })}
    </Link>
  ) : (
    <button type="button" className={`button${small}`} onClick={() => pay('balance')} disabled={!!state.busy} data-method="balance">
      {state.busy === 'balance' ? t('pay.paying') : t('pay.balance')}
    </button>
  );
  const cardButton = (
    <button type="button" className={`button${short ? '' : ' button--ghost'}${small}`} onClick={() => pay('card')} disabled={!!state.busy} data-method="card" data-primary={short ? 'true' : undefined}>
      {t('pay.card')}
    </button>
  );
  return (
    <div className="pay" data-testid="pay" data-short={short ? 'true' : undefined} aria-busy={state.busy ? 'true' : undefined}>
      <div className="pay__buttons">
        {short ? (
          <>
            {cardButton}
            {balanceButton}
          </>
        ) : (
          <>
            {balanceButton}
            {cardButton}
          </>
        )}
      </div>
      {state.busy === 'card' && (
        <p className="field__hint" role="status">
          {t('pay.redirecting')}
        </p>
      )}
      <PayError error={state.error} withMissing={!short} />
    </div>
  );
}

/**
 * PayError is why a payment failed, as the server says it; when the balance is short, by how
 * much, with a way to the balance page's top-up.
 */
export function PayError({ error, withMissing = true }) {
  const lang = useLanguage();
  const t = useBillingTexts();
  if (!error) return null;
  // The balance button says what is missing once it knows; the refusal's own message would repeat it.
  if (!withMissing && missingOf(error)) return null;
  const missing = missingOf(error);
  return (
    <div className="form__error pay__error" role="alert" data-code={error.code}>
      <p>{error instanceof ApiError && error.code ? error.message : t('pay.failed')}</p>
      {missing && (
        <p>
          <span data-testid="missing">{t('pay.missing', { amount: money(lang, missing) })}</span>{' '}
          <Link to={topUpPath(lang, missing.currency)}>{t('pay.topUp')}</Link>
        </p>
      )}
    </div>
  );
}
