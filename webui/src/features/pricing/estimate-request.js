// What the calculator sends to svc-orders and how its answer's errors map back onto the fields.
// Loaded lazily with the estimator.
import { ApiError } from '../../lib/api-client.js';
import { toQuantity } from '../../lib/quantity.js';

/** buildEstimateRequest is the POST /api/v1/orders/estimate body for the form's values. */
export function buildEstimateRequest(values, currency) {
  return {
    service: values.service,
    sourceLanguage: values.source,
    targetLanguages: values.target ? [values.target] : [],
    quantity: toQuantity(values.quantity),
    urgency: values.urgency,
    addOns: [],
    currency,
  };
}

// The server's field names and the calculator's fields.
const FIELDS = { service: 'service', sourceLanguage: 'source', targetLanguages: 'target', quantity: 'quantity', urgency: 'urgency' };

/**
 * readEstimateError turns a failed estimate into { fields, message }: the server's field
 * messages by form field, as given, and its message (with the messages of fields the form does
 * not have, e.g. currency). message is null when the server did not answer with an error of its
 * own (network failure, a proxy's 502), so the form shows its own text.
 */
export function readEstimateError(err) {
  if (!(err instanceof ApiError) || !err.code) return { fields: {}, message: null };
  const fields = {};
  const other = [];
  for (const [name, text] of Object.entries(err.fields)) {
    if (FIELDS[name]) fields[FIELDS[name]] = text;
    else other.push(text);
  }
  return { fields, message: [...new Set([err.message, ...other])].join(' ') };
}
