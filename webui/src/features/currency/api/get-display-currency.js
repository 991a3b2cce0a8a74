// The display currency for this visitor, decided by svc-geo from their address.
// Any failure falls back to USD (spec §8), logging the cause to the console.
export const FALLBACK_CURRENCY = { country: '', currency: 'USD' };

export async function getDisplayCurrency(signal) {
  try {
    const res = await fetch('/api/v1/geo/currency', { signal, headers: { Accept: 'application/json' } });
    if (!res.ok) throw new Error(`geo currency: HTTP ${res.status}`);
    const body = await res.json();
    if (typeof body.currency !== 'string' || body.currency.length !== 3) throw new Error('geo currency: malformed answer');
    return { country: body.country ?? '', currency: body.currency };
  } catch (err) {
    if (err.name === 'AbortError') throw err;
    console.error('Currency initialisation failed; using USD.', err);
    return FALLBACK_CURRENCY;
  }
}
