import useSWR from 'swr';

export const statsKey = '/api/v1/catalog/stats';

/** useStats is the marketing figures of spec §1. */
export function useStats() {
  const { data, ...rest } = useSWR(statsKey);
  return { stats: data, ...rest };
}
