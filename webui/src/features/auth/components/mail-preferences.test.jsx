import { expect, test } from 'vitest';
import { render, text } from '../../../lib/test-render.jsx';
import { MailPreferences } from './mail-preferences.jsx';
import { EmailStatus } from './email-status.jsx';

const KEY = (lang) => ['/api/v1/auth/me/mail-preferences', lang];
const switches = (html) => [...html.matchAll(/<input[^>]*role="switch"[^>]*>/g)].map((m) => ({ name: m[0].match(/name="([^"]+)"/)[1], on: / checked=""/.test(m[0]) }));

test('a translator has two switches, as saved; the mails that always come are named', () => {
  const html = render(<MailPreferences translator />, { path: '/en/account/settings', answers: [[KEY('en'), { offers: false, reminders: true }]] });
  expect(switches(html)).toEqual([
    { name: 'offers', on: false },
    { name: 'reminders', on: true },
  ]);
  expect(text(html)).toContain('Invoices, payment receipts, mails about your orders and security mails (password resets and changes) always come and cannot be turned off.');
  expect(text(html)).toContain('Job offers');
});

test('a customer, who gets no job offers, has the reminders switch only, in Turkish too', () => {
  const html = render(<MailPreferences />, { path: '/tr/hesabim/ayarlar', answers: [[KEY('tr'), { offers: true, reminders: false }]] });
  expect(switches(html)).toEqual([{ name: 'reminders', on: false }]);
  expect(text(html)).toContain('Hatırlatmalar');
  expect(text(html)).toContain('güvenlik e-postaları (parola sıfırlama, parola değişikliği) her zaman gönderilir');
});

test('an unconfirmed address is shown as such with a button to send the link again; a confirmed one is said so', () => {
  const unconfirmed = render(<EmailStatus user={{ email: 'a@b.co', emailVerified: false }} />, { path: '/en/account/personal-info' });
  expect(unconfirmed).toContain('data-verified="false"');
  expect(text(unconfirmed)).toContain('Not confirmed yet');
  expect(text(unconfirmed)).toContain('You can order before you confirm');
  expect(text(unconfirmed)).toContain('Send the link again');
  const tr = render(<EmailStatus user={{ email: 'a@b.co', emailVerified: false }} />, { path: '/tr/hesabim/kisisel-bilgiler' });
  expect(text(tr)).toContain('Bağlantıyı yeniden gönder');
  const confirmed = render(<EmailStatus user={{ email: 'a@b.co', emailVerified: true }} />, { path: '/tr/hesabim/ayarlar' });
  expect(text(confirmed)).toBe('Doğrulandı');
  // The cookie's stand-in user (the service away) says nothing either way.
  expect(render(<EmailStatus user={{ fullName: 'A' }} />)).toBe('');
});
