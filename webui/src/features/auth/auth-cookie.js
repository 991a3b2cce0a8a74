// The auth cookies as the page sees them (spec §3, §4, §6, §8; DESIGN §5). authToken is
// HttpOnly, so only userData is readable: URL-encoded JSON {name, type}, display data only.

export const USER_DATA_COOKIE = 'userData';

/** userType is translator or admin as given; anything else counts as customer (spec §3). */
export function userType(type) {
  return type === 'translator' || type === 'admin' ? type : 'customer';
}

/** menuRole is the role whose account menu a user sees: translators theirs, everyone else the customer menu. */
export function menuRole(type) {
  return userType(type) === 'translator' ? 'translator' : 'customer';
}

function rawCookie(cookieString, name) {
  for (const part of (cookieString ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/**
 * parseUserData returns {name, type} from the userData cookie, or null without one. A cookie
 * that cannot be read is logged and treated as a customer without a name (spec §8).
 */
export function parseUserData(cookieString, log = console) {
  const raw = rawCookie(cookieString, USER_DATA_COOKIE);
  if (!raw) return null;
  try {
    // URL-encoded as a form value: "+" is a space (a literal plus arrives as %2B).
    const data = JSON.parse(decodeURIComponent(raw.replace(/\+/g, ' ')));
    if (!data || typeof data !== 'object' || Array.isArray(data)) throw new Error('userData is not an object');
    return { name: typeof data.name === 'string' ? data.name : '', type: userType(data.type) };
  } catch (err) {
    log.error('Malformed userData cookie; treating the user as a customer.', err);
    return { name: '', type: 'customer' };
  }
}

/** clearedUserData is the cookie string that removes userData (path /, secure, strict, spec §9). */
export const clearedUserData = `${USER_DATA_COOKIE}=; Path=/; Max-Age=0; Secure; SameSite=Strict`;
