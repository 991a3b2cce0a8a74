import useSWR from 'swr';

/** useCatalogLanguages is the catalogue's working languages ({ code, nameTr, nameEn }). */
export function useCatalogLanguages() {
  const { data } = useSWR('/api/v1/catalog/languages');
  return data?.languages;
}
