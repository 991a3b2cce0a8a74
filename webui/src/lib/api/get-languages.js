import useSWR from 'swr';

// The catalogue's working languages, which the home calculator and the order wizard both offer.
export const languagesKey = '/api/v1/catalog/languages';

/** useLanguages is the catalogue's working languages ({ code, nameTr, nameEn }), prerendered with the page. */
export function useLanguages() {
  const { data, ...rest } = useSWR(languagesKey);
  return { languages: data?.languages, ...rest };
}
