import { expect, test } from 'vitest';
import { render, text } from '../../lib/test-render.jsx';
import { menuRole } from '../../features/auth/auth-cookie.js';
import { StaffLink } from './staff-link.jsx';

test('the header links a signed-in admin to the back office in the page’s language; nobody else sees the link', () => {
  const admin = { fullName: 'Deniz Yılmaz', type: 'admin' };
  const tr = render(<StaffLink user={admin} />, { path: '/tr/blog' });
  expect(tr).toContain('href="/tr/yonetim"');
  expect(text(tr)).toBe('Yönetim');
  const en = render(<StaffLink user={admin} />, { path: '/en/contact' });
  expect(en).toContain('href="/en/admin"');
  expect(text(en)).toBe('Admin');
  for (const user of [null, { type: 'customer' }, { type: 'translator' }, {}]) expect(render(<StaffLink user={user} />, { path: '/tr' })).toBe('');
  // The account menu stays the customer's for an admin.
  expect(menuRole('admin')).toBe('customer');
});
