// Requesting a payout, apart from React so it can be tested: the request's body from the form,
// and what a refusal says beside its message (how much is missing to reach the threshold).
import { parseAmount } from '../../lib/format.js';

export const PAYOUT_CURRENCY = 'TRY';

/**
 * payoutBody is the request from the form: the chosen account and, when an amount was typed, that
 * amount in TRY minor units (none: the whole balance). { error: 'amountInvalid' } for an amount
 * that is not one, { error: 'accountRequired' } without an account.
 */
export function payoutBody(bankAccountId, amountText) {
  if (!bankAccountId) return { error: 'accountRequired' };
  if (!String(amountText ?? '').trim()) return { body: { bankAccountId } };
  const amount = parseAmount(amountText, PAYOUT_CURRENCY);
  if (!amount) return { error: 'amountInvalid' };
  return { body: { bankAccountId, amount: { amount, currency: PAYOUT_CURRENCY } } };
}

const SHORT = ['below_threshold', 'insufficient_earnings'];

/** missingOf is what a 409 below_threshold or insufficient_earnings says is missing (Money), or null. */
export function missingOf(error) {
  if (error?.status !== 409 || !SHORT.includes(error?.code)) return null;
  return error.body?.error?.details?.missing ?? null;
}
