import useSWR from 'swr';

export const testimonialsKey = '/api/v1/catalog/testimonials';

export function useTestimonials() {
  const { data, ...rest } = useSWR(testimonialsKey);
  return { testimonials: data?.testimonials, ...rest };
}
