import { expect, test } from 'vitest';
import { profileKey } from '../api/billing.js';
import { render, text } from '../test-render.jsx';
import { ApprovalDetails } from './approval-details.jsx';

const EMPTY = { type: '', fullName: '', tckn: '', companyName: '', taxOffice: '', vkn: '', taxId: '', address: '', city: '', postcode: '', country: '', email: '', complete: false };
const COMPANY_TR = { ...EMPTY, type: 'company', companyName: 'Örnek Çeviri A.Ş.', taxOffice: 'Kadıköy', vkn: '4540536920', address: 'Rıhtım Cad. 5', city: 'İstanbul', postcode: '34716', country: 'TR', email: 'muhasebe@example.com.tr', complete: true };
const ABROAD = { ...EMPTY, type: 'individual', fullName: 'Jane Smith', taxId: 'GB123456789', address: '10 Downing Street', city: 'London', postcode: 'SW1A 2AA', country: 'GB', email: 'jane@example.co.uk', complete: true };

const show = (profile, { lang = 'tr', required = false } = {}) =>
  render(<ApprovalDetails onConfirm={() => {}} confirmLabel={lang === 'tr' ? 'Onayla ve siparişi ver' : 'Approve and place the order'} busyLabel="…" required={required} />, {
    path: lang === 'tr' ? '/tr/hesabim/siparislerim/teklifler/q1' : '/en/account/orders/quotes/q1',
    answers: [[profileKey(lang), profile]],
  });
const field = (html, name) => html.match(new RegExp(`data-field="${name}"><dt>([^<]*)</dt><dd>([^<]*)</dd>`))?.slice(1);

test('saved details are shown to confirm (the approve button) or change, before the invoice is issued', () => {
  const html = show(COMPANY_TR);
  expect(html).toContain('data-mode="saved"');
  expect(html).not.toContain('data-testid="billing-form"');
  expect(field(html, 'name')).toEqual(['Ad soyad / unvan', 'Örnek Çeviri A.Ş.']);
  expect(field(html, 'vkn')).toEqual(['VKN', '4540536920']);
  expect(field(html, 'taxOffice')).toEqual(['Vergi dairesi', 'Kadıköy']);
  expect(field(html, 'address')).toEqual(['Adres', 'Rıhtım Cad. 5, 34716 İstanbul']);
  expect(field(html, 'country')[1]).toContain('Türkiye’de faturalandırılır (KDV eklenir)');
  expect(html).toMatch(/<button type="button" class="button" data-action="approve">Onayla ve siparişi ver<\/button>/);
  expect(html).toContain('data-action="change-details"');
  expect(text(html)).toContain('Faturanız bu bilgilerle kesilir.');
});

test('saved details abroad name the foreign tax number and say no Turkish VAT is charged, in English too', () => {
  const html = show(ABROAD, { lang: 'en' });
  expect(field(html, 'name')).toEqual(['Name / company', 'Jane Smith']);
  expect(field(html, 'taxId')).toEqual(['Tax number', 'GB123456789']);
  expect(field(html, 'country')[1]).toMatch(/^United Kingdom · Billed abroad \(no Turkish VAT\)$/);
  expect(html).not.toContain('data-field="tckn"');
  expect(html).toContain('data-action="approve">Approve and place the order</button>');
});

test('a customer without saved details gets the billing form inline, whose button saves them and approves', () => {
  const html = show(EMPTY);
  expect(html).toContain('data-mode="form"');
  expect(html).toContain('data-testid="billing-form"');
  // Individual or company, and any country: billed abroad means a country other than Turkey and its tax number.
  expect(html).toMatch(/name="type"( checked="")? value="individual"/);
  expect(html).toContain('name="type" value="company"');
  expect(html).toContain('name="country"');
  expect(text(html)).toContain('yurt dışında faturalandırılacaksanız ülkenizi seçip ülkenizdeki vergi numaranızı girin, KDV alınmaz');
  expect(html).toMatch(/<button type="submit" class="button" data-action="approve">Onayla ve siparişi ver<\/button>/);
  // No saved details to go back to, and no 409 yet: no notice.
  expect(html).not.toContain('data-action="keep-details"');
  expect(html).not.toContain('data-testid="billing-required"');
  const en = show(EMPTY, { lang: 'en' });
  expect(text(en)).toContain('if you are billed abroad, choose your country and enter your tax number there');
});

test('after a 409 billing_details_required the form is shown with the reason, even over details the page thought complete', () => {
  const html = show(COMPANY_TR, { required: true });
  expect(html).toContain('data-mode="form"');
  expect(html).toContain('data-testid="billing-required"');
  expect(text(html)).toContain('Teklifi onaylamadan önce fatura bilgilerinizi girin.');
  // The form opens on what was saved.
  expect(html).toMatch(/name="vkn"[^>]*value="4540536920"|value="4540536920"[^>]*name="vkn"/);
  expect(text(show(EMPTY, { lang: 'en', required: true }))).toContain('Enter your billing details before approving the quote.');
});
