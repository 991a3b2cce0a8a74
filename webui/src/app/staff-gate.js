import { accountPath } from '../config/paths.js';
import { loginPath } from '../features/auth/return-to.js';

/**
 * staffGate decides a back office address for the session (DESIGN §11): wait while it is read,
 * a visitor signs in first and comes back (to), a signed-in user without the admin role gets the
 * 403 page (forbidden), staff pass (staff). The services check every call again.
 */
export function staffGate({ loading, loggedIn, user }, lang, returnTo) {
  if (loading) return { loading: true };
  if (!loggedIn) return { to: loginPath(lang, returnTo) };
  if (user?.type !== 'admin') return { forbidden: true, account: accountPath(lang, 'genel-bakis') };
  return { staff: true };
}
