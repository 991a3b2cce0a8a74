import { accountPath, path } from '../../config/paths.js';

// C0 controls and DEL, which a browser may drop or read differently from the server.
const hasControlCharacter = (value) => [...value].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f);

/**
 * safeReturnTo accepts a same-site path of the site to go back to after signing in: it must
 * start with /tr/ or /en/ and cannot lead elsewhere (no "//", no backslash, no control
 * characters). Anything else gives undefined.
 */
export function safeReturnTo(value) {
  if (typeof value !== 'string' || value.length > 2000) return undefined;
  if (!/^\/(tr|en)\//.test(value)) return undefined;
  if (value.includes('//') || value.includes('\\') || hasControlCharacter(value)) return undefined;
  return value;
}

/**
 * afterSignIn is where a signed-in user goes: the validated returnTo, else staff to the back
 * office (the account pages are a customer's or a translator's) and everyone else to the account
 * overview. user is the signed-in user when known.
 */
export function afterSignIn(returnTo, lang, user) {
  return safeReturnTo(returnTo) ?? (user?.type === 'admin' ? path('admin', lang) : accountPath(lang, 'genel-bakis'));
}

/** loginPath is the login page that brings the visitor back to returnTo afterwards. */
export function loginPath(lang, returnTo) {
  const back = safeReturnTo(returnTo);
  return back ? `${path('login', lang)}?returnTo=${encodeURIComponent(back)}` : path('login', lang);
}
