import { expect, test } from 'vitest';
import { render, text } from '../../../lib/test-render.jsx';
import { OrderStatus } from './status-badge.jsx';

test('the badge names the finer state, grouped as spec §4’s in progress until completed', () => {
  const badge = (order, path = '/en/account/orders') => render(<OrderStatus order={order} />, { path });
  const delivered = badge({ status: 'delivered', displayStatus: 'completed' });
  expect(text(delivered)).toBe('Delivered, waiting for your review');
  expect(delivered).toContain('data-display="in_progress"');
  expect(text(badge({ status: 'awaiting_payment', displayStatus: 'in_progress' }))).toBe('Awaiting payment');
  expect(text(badge({ status: 'in_progress', escalated: true }, '/tr/hesabim/siparislerim'))).toBe('Ödendi, çevirmen atanıyor');
  const completed = badge({ status: 'completed' }, '/tr/hesabim/siparislerim');
  expect(text(completed)).toBe('Tamamlandı');
  expect(completed).toContain('data-display="completed"');
  expect(text(render(<OrderStatus order={{ status: 'assigned' }} role="staff" />, { path: '/en/admin/orders' }))).toBe('Assigned');
});
