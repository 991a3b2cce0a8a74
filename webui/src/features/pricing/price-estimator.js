// The calculator's live part, loaded after hydration so the home page's first JavaScript stays
// small: debounced estimates in the display currency, field errors from the server, units.
import { estimatePrice } from '../../lib/api/estimate-price.js';
import { createEstimator } from '../../lib/estimator.js';
import { buildEstimateRequest, readEstimateError } from './estimate-request.js';

export { getServiceUnits } from './api/get-service-units.js';

/**
 * createPriceEstimator returns { update(values, currency), dispose() }; onChange hears
 * { status: 'pending' }, { status: 'done', estimate } or { status: 'error', fields, message }.
 */
export function createPriceEstimator({ lang, onChange }) {
  const estimator = createEstimator({
    request: (body, signal) => estimatePrice(body, { lang, signal }),
    onChange: (state) => onChange(state.status === 'error' ? { status: 'error', ...readEstimateError(state.error) } : state),
  });
  return {
    update: (values, currency) => estimator.update(buildEstimateRequest(values, currency)),
    dispose: estimator.dispose,
  };
}
