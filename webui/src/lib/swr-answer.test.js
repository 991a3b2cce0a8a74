import { expect, test } from 'vitest';
import { answerWith } from './swr-answer.js';

test('answerWith gives the named part of the data and the answer\'s state, reading each only when asked', () => {
  const read = [];
  const swr = {};
  for (const [field, value] of Object.entries({ data: { items: [1, 2] }, error: undefined, isLoading: false, isValidating: true, mutate: () => 'm' })) {
    Object.defineProperty(swr, field, { get: () => (read.push(field), value) });
  }
  const answer = answerWith(swr, 'items', (d) => d?.items);
  expect(read).toEqual([]);
  expect(answer.items).toEqual([1, 2]);
  // SWR re-renders a component for the fields it read: only data so far.
  expect(read).toEqual(['data']);
  expect(answer.isValidating).toBe(true);
  expect(answer.mutate()).toBe('m');
  expect(read).toEqual(['data', 'isValidating', 'mutate']);
  expect(Object.keys(answer)).toEqual(['items', 'error', 'isLoading', 'isValidating', 'mutate']);
});

test('answerWith without a picker names the whole data', () => {
  const answer = answerWith({ data: { translators: 500 } }, 'stats');
  expect(answer.stats).toEqual({ translators: 500 });
});
