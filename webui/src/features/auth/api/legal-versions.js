import useSWR from 'swr';
import { fetcher } from '../../../lib/api-client.js';

/**
 * useLegalVersion is the version (the date it was last updated) of a legal text the sign-up
 * form links to, which the account's consent record names: '' until it is known.
 */
export function useLegalVersion(doc, lang) {
  const { data } = useSWR([`/api/v1/catalog/legal/${doc}?lang=${lang}`, lang], fetcher, { revalidateOnFocus: false });
  return data?.updated ?? '';
}
