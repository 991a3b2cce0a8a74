import { expect, test } from 'vitest';
import { render, text } from '../lib/test-render.jsx';
import { STATUS_TONES, StatusPill, TONES, statusTone } from './status-pill.jsx';
import { OrderStatus } from './order-status.jsx';

test('one table colours every domain’s states; an unknown state or domain is neutral', () => {
  expect(statusTone('invoice', 'pending')).toBe('wait');
  expect(statusTone('invoice', 'paid')).toBe('ok');
  expect(statusTone('invoice', 'refunded')).toBe('bad');
  expect(statusTone('payout', 'requested')).toBe('wait');
  expect(statusTone('payout', 'rejected')).toBe('bad');
  expect(statusTone('ticket', 'answered')).toBe('ok');
  expect(statusTone('ticket', 'closed')).toBe('muted');
  expect(statusTone('transfer', 'declared')).toBe('wait');
  expect(statusTone('quote', 'expired')).toBe('bad');
  expect(statusTone('order', 'completed')).toBe('ok');
  expect(statusTone('invoice', 'newer_state')).toBe('neutral');
  expect(statusTone('spaceship', 'paid')).toBe('neutral');
  for (const states of Object.values(STATUS_TONES)) for (const tone of Object.values(states)) expect(TONES).toContain(tone);
});

test('the pill keeps the classes and data attributes lists and tests read, and a given tone wins', () => {
  const html = render(<StatusPill domain="invoice" status="paid" label="Ödendi" />);
  expect(html).toBe('<span class="status status--invoice status--paid status-pill status-pill--ok" data-kind="invoice" data-tone="ok" data-status="paid">Ödendi</span>');
  expect(render(<StatusPill tone="wait" label="Default" />)).toContain('class="status status-pill status-pill--wait"');
  expect(render(<StatusPill domain="ticket" status="open" tone="bad" label="x" />)).toContain('status-pill--bad');
  // Without a label the state is shown as sent rather than hidden.
  expect(text(render(<StatusPill domain="payout" status="on_hold" />))).toBe('on_hold');
});

test('an order’s pill is the same pill: coloured by the coarse state, red for staff when nobody took it', () => {
  const customer = render(<OrderStatus order={{ status: 'assigned' }} />, { path: '/en/account/orders' });
  expect(customer).toContain('status-pill--wait');
  expect(customer).toContain('data-status="assigned"');
  expect(render(<OrderStatus order={{ status: 'completed' }} />, { path: '/en/account/orders' })).toContain('status-pill--ok');
  const escalated = { status: 'in_progress', escalated: true };
  expect(render(<OrderStatus order={escalated} role="staff" />, { path: '/en/admin/orders' })).toContain('status-pill--bad');
  expect(render(<OrderStatus order={escalated} />, { path: '/en/account/orders' })).toContain('status-pill--wait');
});
