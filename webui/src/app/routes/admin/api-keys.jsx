import { StaffApiKeys } from '../../../features/api-keys/components/staff-api-keys.jsx';
import { useUserNames } from '../../../features/staff/api/customers.js';

/** Component is the back office's list of the customers' API keys (DESIGN §15), named by the back office's lookup. */
export function Component() {
  return <StaffApiKeys useNames={useUserNames} />;
}
