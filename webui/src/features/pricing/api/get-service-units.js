import { getPrices } from '../../../lib/api/get-prices.js';

/** getServiceUnits maps each service of svc-orders' price list to its unit (word, page or minute). */
export function getServiceUnits() {
  return getPrices().then(({ services }) => Object.fromEntries(services.map((s) => [s.service, s.unit])));
}
