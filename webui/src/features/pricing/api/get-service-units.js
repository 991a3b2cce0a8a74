import { api } from '../../../lib/api-client.js';

export const pricesUrl = '/api/v1/orders/prices';

let units = null;

/** getServiceUnits maps each service of svc-orders' price list to its unit (word, page or minute); asked once per page load. */
export function getServiceUnits() {
  units ??= api.get(pricesUrl).then(
    ({ services }) => Object.fromEntries(services.map((s) => [s.service, s.unit])),
    (err) => {
      units = null; // asked again next time
      throw err;
    },
  );
  return units;
}
