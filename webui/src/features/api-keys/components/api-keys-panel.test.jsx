import { expect, test } from 'vitest';
import { render, text } from '../../../lib/test-render.jsx';
import { ApiKeysPanel } from './api-keys-panel.jsx';

const KEY = (lang) => ['/api/v1/auth/keys', lang];
const keys = [
  { id: 'k1', name: 'Web sitesi CMS', scope: 'read+write', shown: 'lp_live_ab3d', createdAt: '2026-11-30T09:00:00Z', lastUsedAt: '2026-11-30T10:15:00Z', expiresAt: null, revokedAt: null },
  { id: 'k2', name: 'Raporlar', scope: 'read', shown: 'lp_live_q7zz', createdAt: '2026-11-01T09:00:00Z', lastUsedAt: null, expiresAt: '2026-11-15T20:59:59Z', revokedAt: null },
  { id: 'k3', name: 'Eski', scope: 'read', shown: 'lp_live_mm22', createdAt: '2026-10-01T09:00:00Z', lastUsedAt: null, expiresAt: null, revokedAt: '2026-10-02T09:00:00Z', revokedBy: 'staff' },
];
const items = (html) => [...html.matchAll(/<li[^>]*data-key-id="([^"]+)"[^>]*data-active="([^"]+)"/g)].map((m) => ({ id: m[1], active: m[2] === 'true' }));

test('the keys show their start, access, dates and state; only working keys can be revoked', () => {
  const html = render(<ApiKeysPanel />, { path: '/en/account/settings/api-keys', answers: [[KEY('en'), keys]] });
  expect(items(html)).toEqual([
    { id: 'k1', active: true },
    { id: 'k2', active: false },
    { id: 'k3', active: false },
  ]);
  const words = text(html);
  expect(words).toContain('Web sitesi CMS lp_live_ab3d… · Read and write');
  expect(words).toContain('Last used');
  expect(words).toContain('Raporlar lp_live_q7zz… · Read only');
  expect(words).toContain('Not used yet · Expired');
  expect(words).toContain('by the LinguaPort team');
  expect(html.match(/data-action="revoke-key"/g)).toHaveLength(1);
  // The form: a name, two kinds of access (read and write chosen), an optional expiry.
  expect(html).toMatch(/<input[^>]*type="radio"[^>]*checked=""[^>]*value="read\+write"/);
  expect(html).toMatch(/<input[^>]*type="date"[^>]*name="expiresAt"/);
});

test('in Turkish, with no keys yet', () => {
  const html = render(<ApiKeysPanel />, { path: '/tr/hesabim/ayarlar/api-anahtarlari', answers: [[KEY('tr'), []]] });
  expect(text(html)).toContain('Henüz bir API anahtarınız yok.');
  expect(text(html)).toContain('Anahtar oluştur');
  expect(items(html)).toEqual([]);
});
