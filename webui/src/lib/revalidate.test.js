import { cache, serialize } from 'swr/_internal';
import { unstable_serialize } from 'swr/infinite';
import { expect, test } from 'vitest';
import { revalidate } from './revalidate.js';

test('the matching answers are revalidated, paged lists among them, and stay cached meanwhile', async () => {
  const paged = unstable_serialize(() => ['/api/v1/x/items?status=open', 'tr']);
  const one = serialize(['/api/v1/x/items/1', 'tr'])[0];
  const other = serialize(['/api/v1/y', 'tr'])[0];
  for (const key of [paged, one, other]) cache.set(key, { data: { key } });
  const keys = await revalidate((key) => key.includes('/api/v1/x/'));
  // SWR's mutate(filter) would have left the paged list out.
  expect(keys.sort()).toEqual([paged, one].sort());
  expect(paged.startsWith('$inf$')).toBe(true);
  for (const key of [paged, one, other]) expect(cache.get(key).data).toEqual({ key });
});
