import { mutate } from 'swr';
import { cache } from 'swr/_internal';

/**
 * revalidate has every cached answer whose key matches fetched again, paged lists included, and
 * keeps what is on screen until the new answers come. match gets each key as SWR stores it: a
 * string, into which an array key's URL is serialized. Returns the keys it revalidated.
 *
 * SWR's own mutate(filter) skips useSWRInfinite's keys ($inf$…), so a paged list on screen stayed
 * as it was; here each key is revalidated by itself. Passing no data matters too: mutate(filter,
 * undefined) empties the matched answers until they come back, which unmounted what showed them.
 */
export function revalidate(match) {
  const keys = [...cache.keys()].filter((key) => !key.startsWith('$sub$') && match(key));
  return Promise.all(keys.map((key) => mutate(key))).then(() => keys);
}
