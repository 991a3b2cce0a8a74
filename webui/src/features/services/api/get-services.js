import useSWR from 'swr';

export const servicesKey = '/api/v1/catalog/services';

/** useServices is the eight services of the catalogue, in display order. */
export function useServices() {
  const { data, ...rest } = useSWR(servicesKey);
  return { services: data?.services, ...rest };
}
