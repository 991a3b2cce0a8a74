import { api } from '../api-client.js';

// svc-orders' price list (API.md): each service's unit, the urgencies with their delivery
// windows and the add-ons with their names in both languages. It is not part of the catalogue
// snapshot, so prerendered pages never ask for it while rendering. Components read it with
// usePrices (use-prices.js); code that runs after hydration without React, the home
// calculator's estimator, with getPrices, so its chunk does not pull in SWR.
export const pricesUrl = '/api/v1/orders/prices';

let prices = null;

/** getPrices is the price list as a promise, asked once per page load (and again after a failure). */
export function getPrices() {
  prices ??= api.get(pricesUrl).catch((err) => {
    prices = null;
    throw err;
  });
  return prices;
}
