import { api } from '../api-client.js';

// svc-orders' estimate (API.md), asked by the home page's calculator and by the order wizard,
// each with its own body (see the pricing feature's buildEstimateRequest and the orders
// feature's buildEstimateBody).

/**
 * estimatePrice asks svc-orders for an estimate of body, with field messages in lang; signal
 * aborts a request whose answer is no longer wanted.
 */
export function estimatePrice(body, { lang, signal } = {}) {
  return api.post('/api/v1/orders/estimate', body, { lang, signal });
}
