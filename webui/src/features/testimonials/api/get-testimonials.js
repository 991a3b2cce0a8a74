import useSWR from 'swr';
import { answerWith } from '../../../lib/swr-answer.js';

export const testimonialsKey = '/api/v1/catalog/testimonials';

export function useTestimonials() {
  return answerWith(useSWR(testimonialsKey), 'testimonials', (data) => data?.testimonials);
}
