import useSWR from 'swr';
import { pricesUrl } from './get-prices.js';

/** usePrices is svc-orders' price list (see get-prices.js) for components rendered in the browser only. */
export function usePrices() {
  return useSWR(pricesUrl);
}
