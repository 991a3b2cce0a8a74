import { expect, test } from 'vitest';
import { attentionTitle, watchAttention } from './attention.js';

const messages = ['A', 'B', 'C'];

test('messages rotate every 3 s and blink every 1 s', () => {
  const at = (s) => attentionTitle(s * 1000, messages, 'Page');
  expect([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(at)).toEqual(['A', 'Page', 'A', 'Page', 'B', 'Page', 'C', 'Page', 'C', 'Page']);
  expect(at(10)).toBe('A');
  expect(attentionTitle(5000, [], 'Page')).toBe('Page');
});

test('the title changes while the tab is hidden and comes back when shown', () => {
  const listeners = {};
  const doc = { hidden: false, title: 'Hizmetler | LinguaPort', addEventListener: (e, f) => (listeners[e] = f), removeEventListener: (e) => delete listeners[e] };
  let now = 0;
  let tick = null;
  const stop = watchAttention(doc, messages, { setInterval: (f) => ((tick = f), 1), clearInterval: () => (tick = null), now: () => now });

  doc.hidden = true;
  listeners.visibilitychange();
  expect(doc.title).toBe('A');
  now = 1000;
  tick();
  expect(doc.title).toBe('Hizmetler | LinguaPort');
  now = 4000;
  tick();
  expect(doc.title).toBe('B');

  doc.hidden = false;
  listeners.visibilitychange();
  expect(doc.title).toBe('Hizmetler | LinguaPort');
  expect(tick).toBe(null);
  stop();
  expect(listeners.visibilitychange).toBeUndefined();
});
