import useSWR from 'swr';
import { answerWith } from '../../../lib/swr-answer.js';

export const statsKey = '/api/v1/catalog/stats';

/** useStats is the marketing figures of spec §1. */
export function useStats() {
  return answerWith(useSWR(statsKey), 'stats');
}
