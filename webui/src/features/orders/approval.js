// What a refused approval of a quote means for the page, kept free of React to be tested.
import { ApiError } from '../../lib/api-client.js';

/**
 * readApprovalError reads a failed POST quotes/{id}/approve: detailsRequired when the customer
 * has saved no billing details (409 billing_details_required: the billing step then shows its
 * form, which says so itself, so no message is given when there is a step); message, the
 * server's words for any other refusal (null: the page's generic one); contractChanged, the
 * contract read is no longer the one that applies (409 contract_changed: read it again);
 * contractFields, the boxes found unticked (422 contract_not_accepted); reload, a quote decided
 * elsewhere (another 409) to show as it is now.
 */
export function readApprovalError(err, { hasBillingStep = false } = {}) {
  const known = err instanceof ApiError && !!err.code;
  const detailsRequired = known && err.status === 409 && err.code === 'billing_details_required';
  const contractChanged = known && err.status === 409 && err.code === 'contract_changed';
  const notAccepted = known && err.status === 422 && err.code === 'contract_not_accepted';
  return {
    detailsRequired,
    contractChanged,
    contractFields: notAccepted ? err.fields : null,
    message: detailsRequired && hasBillingStep ? '' : known ? err.message : null,
    reload: err instanceof ApiError && err.status === 409 && !detailsRequired && !contractChanged,
  };
}
