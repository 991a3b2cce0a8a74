import useSWR from 'swr';

export const faqKey = (lang) => `/api/v1/catalog/faq?lang=${lang}`;
export const FAQ_CATEGORIES = ['general', 'pricing', 'quality', 'delivery', 'technical'];

/** useFaq is every FAQ entry in lang, categories in display order. */
export function useFaq(lang) {
  const { data, ...rest } = useSWR(faqKey(lang));
  return { items: data?.items, ...rest };
}
