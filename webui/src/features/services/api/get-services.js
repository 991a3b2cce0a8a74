import useSWR from 'swr';
import { answerWith } from '../../../lib/swr-answer.js';

export const servicesKey = '/api/v1/catalog/services';

/** useServices is the eight services of the catalogue, in display order. */
export function useServices() {
  return answerWith(useSWR(servicesKey), 'services', (data) => data?.services);
}
