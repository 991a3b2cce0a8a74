import { afterEach, expect, test, vi } from 'vitest';
import { render, text } from '../../../lib/test-render.jsx';
import { createApiKey } from '../api/api-keys.js';
import { ApiKeysPanel, KeySecret, newKey } from './api-keys-panel.jsx';
import { StaffApiKeys } from './staff-api-keys.jsx';

afterEach(() => vi.unstubAllGlobals());

const KEY = (lang) => ['/api/v1/auth/keys', lang];
const keys = [
  { id: 'k1', name: 'Web sitesi CMS', scope: 'read+write', sandbox: false, shown: 'lp_live_ab3d', createdAt: '2026-11-30T09:00:00Z', lastUsedAt: '2026-11-30T10:15:00Z', expiresAt: null, revokedAt: null },
  { id: 'k2', name: 'Raporlar', scope: 'read', sandbox: false, shown: 'lp_live_q7zz', createdAt: '2026-11-01T09:00:00Z', lastUsedAt: null, expiresAt: '2026-11-15T20:59:59Z', revokedAt: null },
  { id: 'k3', name: 'Eski', scope: 'read', sandbox: false, shown: 'lp_live_mm22', createdAt: '2026-10-01T09:00:00Z', lastUsedAt: null, expiresAt: null, revokedAt: '2026-10-02T09:00:00Z', revokedBy: 'staff' },
  { id: 'k4', name: 'CMS test', scope: 'read+write', sandbox: true, shown: 'lp_test_x2y7', createdAt: '2026-11-30T11:00:00Z', lastUsedAt: null, expiresAt: null, revokedAt: null },
];
const items = (html) => [...html.matchAll(/<li[^>]*data-key-id="([^"]+)"[^>]*data-active="([^"]+)" data-sandbox="([^"]+)"/g)].map((m) => ({ id: m[1], active: m[2] === 'true', sandbox: m[3] === 'true' }));
const radio = (html, name, value) => html.match(new RegExp(`<input[^>]*name="${name}"[^>]*value="${value.replace('+', '\\+')}"[^>]*>`))?.[0];

test('the keys show their space, start, access, dates and state; only working keys can be revoked', () => {
  const html = render(<ApiKeysPanel />, { path: '/en/account/settings/api-keys', answers: [[KEY('en'), keys]] });
  expect(items(html)).toEqual([
    { id: 'k1', active: true, sandbox: false },
    { id: 'k2', active: false, sandbox: false },
    { id: 'k3', active: false, sandbox: false },
    { id: 'k4', active: true, sandbox: true },
  ]);
  const words = text(html);
  expect(words).toContain('Web sitesi CMS lp_live_ab3d… · Read and write');
  expect(words).toContain('Last used');
  expect(words).toContain('Raporlar lp_live_q7zz… · Read only');
  expect(words).toContain('Not used yet · Expired');
  expect(words).toContain('by the LinguaPort team');
  // A sandbox key is marked, and only it.
  expect(words).toContain('CMS test Sandbox lp_test_x2y7… · Read and write');
  expect(html.match(/data-testid="sandbox-badge"/g)).toHaveLength(1);
  expect(html).toMatch(/data-key-id="k4"[^>]*>[\s\S]*?data-testid="sandbox-badge"[\s\S]*?<\/li>/);
  expect(html.match(/data-action="revoke-key"/g)).toHaveLength(2);
  // The form: a name, live or sandbox (live chosen), two kinds of access (read and write chosen), an optional expiry.
  expect(radio(html, 'environment', 'live')).toContain('checked=""');
  expect(radio(html, 'environment', 'sandbox')).not.toContain('checked');
  expect(words).toContain('Environment Live Real quotes and orders: payments are charged');
  expect(words).toContain('Sandbox For trying your integration: the key starts lp_test_');
  expect(words).toContain('webhooks fire as in production');
  expect(radio(html, 'scope', 'read+write')).toContain('checked=""');
  expect(html).toMatch(/<input[^>]*type="date"[^>]*name="expiresAt"/);
  // Each option's line is read with it.
  const hint = radio(html, 'environment', 'sandbox').match(/aria-describedby="([^"]+)"/)[1];
  expect(html).toContain(`id="${hint}" class="field__hint">For trying your integration`);
});

test('in Turkish, with no keys yet: the form offers a live key and a sandbox key', () => {
  const html = render(<ApiKeysPanel />, { path: '/tr/hesabim/ayarlar/api-anahtarlari', answers: [[KEY('tr'), []]] });
  const words = text(html);
  expect(words).toContain('Henüz bir API anahtarınız yok.');
  expect(words).toContain('Anahtar oluştur');
  expect(words).toContain('Ortam Canlı Gerçek teklifler ve siparişler');
  expect(words).toContain('Deneme ortamı (sandbox) Entegrasyonunuzu denemek için: anahtar lp_test_ ile başlar');
  expect(items(html)).toEqual([]);
});

test('the form asks for sandbox: true or false, and the expiry at the end of the day in Istanbul', async () => {
  expect(newKey({ name: 'CMS', environment: 'live', scope: 'read+write', expires: '' })).toEqual({ name: 'CMS', scope: 'read+write', sandbox: false });
  expect(newKey({ name: 'CMS test', environment: 'sandbox', scope: 'read', expires: '2027-01-31' })).toEqual({
    name: 'CMS test',
    scope: 'read',
    sandbox: true,
    expiresAt: '2027-01-31T23:59:59+03:00',
  });
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ id: 'k5', sandbox: true, secret: 'lp_test_abc' }), { status: 201 })));
  vi.stubGlobal('fetch', fetch);
  await createApiKey(newKey({ name: 'CMS test', environment: 'sandbox', scope: 'read+write', expires: '' }), 'en');
  const [url, init] = fetch.mock.calls[0];
  expect(`${init.method} ${url}`).toBe('POST /api/v1/auth/keys');
  expect(JSON.parse(init.body)).toEqual({ name: 'CMS test', scope: 'read+write', sandbox: true });
});

test('a sandbox key’s secret says it is one, in both languages; a live key’s does not', () => {
  const sandbox = render(<KeySecret secret="lp_test_abcdefghijklmnopqrstuvwxyz234567" sandbox onDone={() => {}} />, { path: '/en/account/settings/api-keys' });
  expect(sandbox).toContain('data-sandbox="true"');
  expect(sandbox).toContain('data-testid="sandbox-badge"');
  expect(text(sandbox)).toContain('Your sandbox key is ready Sandbox');
  expect(text(sandbox)).toContain('This is a sandbox key: it works only in your sandbox space.');
  expect(text(sandbox)).toContain('Settings › Webhooks, under Sandbox');
  const tr = render(<KeySecret secret="lp_test_abcdefghijklmnopqrstuvwxyz234567" sandbox onDone={() => {}} />, { path: '/tr/hesabim/ayarlar/api-anahtarlari' });
  expect(text(tr)).toContain('Deneme anahtarınız hazır Deneme ortamı');
  expect(text(tr)).toContain('Bu bir deneme ortamı (sandbox) anahtarıdır');
  const live = render(<KeySecret secret="lp_live_abcdefghijklmnopqrstuvwxyz234567" onDone={() => {}} />, { path: '/en/account/settings/api-keys' });
  expect(live).toContain('data-sandbox="false"');
  expect(live).not.toContain('sandbox-badge');
  expect(text(live)).toContain('Your key is ready');
  expect(live).not.toContain('data-testid="sandbox-key-note"');
});

test('staff’s list marks sandbox keys too', () => {
  const page = { keys: keys.map((k) => ({ ...k, ownerId: 'u1' })), next: '' };
  const html = render(<StaffApiKeys useNames={() => () => 'Deniz Müşteri'} />, { path: '/tr/yonetim/api-anahtarlari', answers: [[['/api/v1/auth/admin/keys', 'tr'], page]] });
  expect(items(html).filter((k) => k.sandbox)).toEqual([{ id: 'k4', active: true, sandbox: true }]);
  expect(html.match(/data-testid="sandbox-badge"/g)).toHaveLength(1);
  expect(text(html)).toContain('CMS test Deneme ortamı lp_test_x2y7…');
});
