import { resolveDisplayCurrency } from '../currency.js';

async function fetchGeoCurrency() {
  const res = await fetch('/api/v1/geo/currency', { headers: { Accept: 'application/json' } });
  if (!res.ok) throw new Error(`geo currency: HTTP ${res.status}`);
  return res.json();
}

// The display currency for this visitor: their stored choice, else svc-geo's answer for their
// address, else USD.
export function getDisplayCurrency() {
  return resolveDisplayCurrency({ cookieString: document.cookie, fetchGeoCurrency });
}
