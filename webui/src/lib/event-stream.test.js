import { expect, test } from 'vitest';
import { follow } from './event-stream.js';

class FakeSource {
  static CLOSED = 2;
  static all = [];
  constructor(url, opts) {
    this.url = url;
    this.opts = opts;
    this.listeners = {};
    this.readyState = 0;
    FakeSource.all.push(this);
  }
  addEventListener(type, f) {
    this.listeners[type] = f;
  }
  close() {
    this.readyState = FakeSource.CLOSED;
  }
}

test('the stream’s events reach the handler parsed, a refused reconnection reopens it, and stopping closes it', () => {
  FakeSource.all = [];
  const got = [];
  const timers = [];
  let drops = 0;
  const stop = follow('/api/v1/catalog/admin/chat/events', ['message', 'read', 'closed'], (type, data) => got.push([type, data]), FakeSource, {
    onDrop: () => drops++,
    setTimer: (f) => timers.push(f),
  });
  const s = FakeSource.all[0];
  expect(s.opts.withCredentials).toBe(true);
  s.listeners.message({ data: JSON.stringify({ type: 'message', message: { id: 'm', seq: 1 } }) });
  s.listeners.closed({ data: '{"type":"closed"}' });
  s.listeners.read({ data: 'not json' });
  expect(got).toEqual([['message', { type: 'message', message: { id: 'm', seq: 1 } }], ['closed', { type: 'closed' }]]);

  // A drop the browser retries by itself is left to it.
  s.readyState = 0;
  s.listeners.error();
  expect(timers).toHaveLength(0);
  // A refused reconnection: the session is renewed and the stream opened again a little later.
  s.readyState = FakeSource.CLOSED;
  s.listeners.error();
  expect(drops).toBe(1);
  timers[0]();
  expect(FakeSource.all).toHaveLength(2);
  stop();
  expect(FakeSource.all[1].readyState).toBe(FakeSource.CLOSED);
});
