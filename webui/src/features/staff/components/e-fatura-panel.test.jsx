import { expect, test } from 'vitest';
import { render, text } from '../../../lib/test-render.jsx';
import { eFaturaKey } from '../api/money.js';
import { EFaturaPanel } from './e-fatura-panel.jsx';

test('a customer not registered is offered the registration form, in both languages', () => {
  const tr = render(<EFaturaPanel customerId="c1" />, { path: '/tr/yonetim/musteriler/c1', answers: [[eFaturaKey('c1', 'tr'), { customerId: 'c1', registration: null }]] });
  expect(text(tr)).toContain('Kayıtlı değil: faturaları e-Arşiv olarak düzenlenir.');
  expect(tr).toContain('name="alias"');
  expect(tr).toContain('<option value="TICARIFATURA">Ticari fatura (TICARIFATURA)</option>');
  const en = render(<EFaturaPanel customerId="c1" />, { path: '/en/admin/customers/c1', answers: [[eFaturaKey('c1', 'en'), { customerId: 'c1', registration: null }]] });
  expect(text(en)).toContain('Register for e-Fatura');
});

test('a registered customer shows the scenario and alias, and can be unregistered', () => {
  const registration = { customerId: 'c1', scenario: 'TICARIFATURA', alias: 'urn:mail:defaultpk@ornek.com.tr', setBy: 's1', setAt: '2026-11-29T10:00:00Z' };
  const en = render(<EFaturaPanel customerId="c1" />, { path: '/en/admin/customers/c1', answers: [[eFaturaKey('c1', 'en'), { customerId: 'c1', registration }]] });
  expect(text(en)).toContain('Registered as TICARIFATURA, alias urn:mail:defaultpk@ornek.com.tr');
  expect(en).toContain('data-action="unregister"');
  expect(en).not.toContain('name="alias"');
});
