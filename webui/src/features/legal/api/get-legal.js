import useSWR from 'swr';

export const legalKey = (doc, lang) => `/api/v1/catalog/legal/${doc}?lang=${lang}`;

/** useLegal is a legal text rendered to HTML: { id, lang, title, updated, html }. */
export function useLegal(doc, lang) {
  return useSWR(legalKey(doc, lang));
}
