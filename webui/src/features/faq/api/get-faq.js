import useSWR from 'swr';
import { answerWith } from '../../../lib/swr-answer.js';

export const faqKey = (lang) => `/api/v1/catalog/faq?lang=${lang}`;
export const FAQ_CATEGORIES = ['general', 'pricing', 'quality', 'delivery', 'technical'];

/** useFaq is every FAQ entry in lang, categories in display order. */
export function useFaq(lang) {
  return answerWith(useSWR(faqKey(lang)), 'items', (data) => data?.items);
}
