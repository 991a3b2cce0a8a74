import { expect, test } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { staffGate } from './staff-gate.js';
import { prerenderedPaths, routes } from './router.jsx';
import { staffPath, switchLanguage } from '../config/paths.js';
import { render, text } from '../lib/test-render.jsx';
import { Forbidden } from '../features/staff/components/forbidden.jsx';

test('a visitor at a back office address is sent to sign in and back; a customer or translator gets the 403 page; staff pass', () => {
  const visitor = { loading: false, loggedIn: false, user: null };
  expect(staffGate(visitor, 'tr', '/tr/yonetim/basvurular?status=rejected')).toEqual({ to: '/tr/giris?returnTo=%2Ftr%2Fyonetim%2Fbasvurular%3Fstatus%3Drejected' });
  expect(staffGate(visitor, 'en', '/en/admin/transfers')).toEqual({ to: '/en/login?returnTo=%2Fen%2Fadmin%2Ftransfers' });
  for (const type of ['customer', 'translator', undefined]) {
    expect(staffGate({ loading: false, loggedIn: true, user: { name: 'Ayşe', type } }, 'tr', '/tr/yonetim').forbidden).toBe(true);
  }
  expect(staffGate({ loading: false, loggedIn: true, user: { type: 'admin' } }, 'tr', '/tr/yonetim')).toEqual({ staff: true });
  expect(staffGate({ loading: true, loggedIn: false }, 'tr', '/tr/yonetim')).toEqual({ loading: true });

  const tr = render(<Forbidden />, { path: '/tr/yonetim' });
  expect(text(tr)).toContain('403 Bu sayfaya erişiminiz yok');
  expect(tr).toContain('href="/tr/hesabim"');
  expect(text(render(<Forbidden />, { path: '/en/admin' }))).toContain('You do not have access to this page');
});

test('the back office has lazy routes in both languages below its layout and is never prerendered', () => {
  const cases = {
    '/tr/yonetim': 'dashboard', '/en/admin': 'dashboard',
    '/tr/yonetim/havaleler': 'havaleler', '/en/admin/transfers': 'havaleler',
    '/tr/yonetim/odemeler': 'odemeler', '/en/admin/payouts': 'odemeler',
    '/tr/yonetim/basvurular': 'basvurular', '/en/admin/applications': 'basvurular',
    '/tr/yonetim/basvurular/66a1f0c2e4b0a1b2c3d4e5f6': 'basvurular', '/en/admin/applications/66a1f0c2e4b0a1b2c3d4e5f6': 'basvurular',
    '/tr/yonetim/cevirmenler': 'cevirmenler', '/en/admin/translators': 'cevirmenler',
    '/tr/yonetim/talepler': 'talepler', '/en/admin/tickets/tk-1': 'talepler',
  };
  for (const [p, section] of Object.entries(cases)) {
    const matches = matchRoutes(routes, p);
    const [layout, page] = matches.slice(-2).map((m) => m.route);
    expect(layout.handle.chunk, p).toBe('admin/layout');
    expect(page.handle.section, p).toBe(section);
    expect(page.handle.chunk, p).toMatch(/^admin\//);
    expect(typeof page.lazy, p).toBe('function');
  }
  // Switching the language keeps the screen; the paths are built from one map.
  expect(switchLanguage('/tr/yonetim/basvurular/66a1', 'en')).toBe('/en/admin/applications/66a1');
  expect(switchLanguage('/en/admin/tickets', 'tr')).toBe('/tr/yonetim/talepler');
  // An English word means one thing below the back office and another in the account.
  expect(switchLanguage('/en/admin/orders/o-1', 'tr')).toBe('/tr/yonetim/siparisler/o-1');
  expect(switchLanguage('/en/account/orders', 'tr')).toBe('/tr/hesabim/siparislerim');
  expect(switchLanguage('/tr/yonetim/faturalar', 'en')).toBe('/en/admin/invoices');
  expect(staffPath('en', 'odemeler')).toBe('/en/admin/payouts');
  expect(staffPath('tr')).toBe('/tr/yonetim');
  expect(() => staffPath('tr', 'hesabim')).toThrow();
  expect(matchRoutes(routes, '/en/admin/nope').at(-1).route.handle.rest).toBe(true);
  const paths = prerenderedPaths().map((p) => p.path);
  expect(paths.some((p) => p.startsWith('/tr/yonetim') || p.startsWith('/en/admin'))).toBe(false);
});
