import { expect, test } from 'vitest';
import { render, text } from '../lib/test-render.jsx';
import { SettingsTabs } from './settings-tabs.jsx';

const tabs = (html) => [...html.matchAll(/<a data-tab="([^"]+)"[^>]*href="([^"]+)"[^>]*>([^<]+)<\/a>/g)].map((m) => [m[1], m[2], m[3]]);

test("a customer's settings have three tabs: the account's, the API keys and the webhooks, in both languages", () => {
  const tr = render(<SettingsTabs />, { path: '/tr/hesabim/ayarlar/webhooklar' });
  expect(tabs(tr)).toEqual([
    ['settings', '/tr/hesabim/ayarlar', 'Hesap ayarları'],
    ['api-keys', '/tr/hesabim/ayarlar/api-anahtarlari', 'API anahtarları'],
    ['webhooks', '/tr/hesabim/ayarlar/webhooklar', 'Webhooklar'],
  ]);
  expect(tr).toMatch(/<nav class="section-tabs" aria-label="Ayarlar bölümleri">/);
  // The tab shown is the current page, and only it.
  expect(tr.match(/aria-current="page"/g)).toHaveLength(1);
  expect(tr).toMatch(/<a data-tab="webhooks" aria-current="page"/);
  const en = render(<SettingsTabs />, { path: '/en/account/settings' });
  expect(tabs(en).map(([key, to]) => [key, to])).toEqual([
    ['settings', '/en/account/settings'],
    ['api-keys', '/en/account/settings/api-keys'],
    ['webhooks', '/en/account/settings/webhooks'],
  ]);
  expect(text(en)).toBe('Account settings API keys Webhooks');
  expect(en).toMatch(/<a data-tab="settings" aria-current="page"/);
});
