import { api } from '../../../lib/api-client.js';

/**
 * estimatePrice asks svc-orders for an estimate of body (see buildEstimateRequest), with field
 * messages in lang; signal aborts a request whose answer is no longer wanted.
 */
export function estimatePrice(body, { lang, signal } = {}) {
  return api.post('/api/v1/orders/estimate', body, { lang, signal });
}
