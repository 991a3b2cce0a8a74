import { expect, test } from 'vitest';
import { companyKey } from '../lib/api/get-company.js';
import { organization } from '../lib/seo.js';
import { render, text } from '../lib/test-render.jsx';
import { ChatView } from '../features/chat/visitor-chat.jsx';
import { BankAccounts } from '../features/billing/components/balance-forms.jsx';
import { Footer } from './layout/footer.jsx';
import { Component as Contact } from './routes/contact.jsx';

// The agency's facts as svc-catalog's GET company answers them; a set unlike the demo's, so
// what the pages show is what the answer says, not text typed into a component.
const COMPANY = {
  tradeName: 'Örnek Dil', legalName: 'Örnek Dil Hizmetleri A.Ş.', legalType: 'as', mersis: '0123456789000017',
  registry: { office: 'Ankara Ticaret Sicili Müdürlüğü', number: '98765' }, taxOffice: 'Kavaklıdere', taxNumber: '1234567890',
  address: { street: 'Kızılırmak Mah. Dumlupınar Blv. No: 9 Kat: 3', district: 'Çankaya', city: 'Ankara', postcode: '06510', country: 'TR' },
  addressLine: { tr: 'Kızılırmak Mah. Dumlupınar Blv. No: 9 Kat: 3, 06510 Çankaya / Ankara, Türkiye', en: 'Kızılırmak Mah. Dumlupınar Blv. No: 9 Kat: 3, 06510 Çankaya / Ankara, Türkiye' },
  phone: '+90 312 444 06 06', phoneUri: 'tel:+903124440606',
  email: { general: 'bilgi@ornekdil.com.tr', privacy: 'kisiselveri@ornekdil.com.tr', billing: 'muhasebe@ornekdil.com.tr', support: 'yardim@ornekdil.com.tr' },
  kep: 'ornekdil@hs02.kep.tr', website: 'https://ornekdil.com.tr', iso9001: { standard: 'ISO 9001:2015', number: 'ORN-QMS-77', issuer: 'Başkent Belgelendirme Ltd. Şti.' },
};
const answers = [[companyKey, COMPANY]];
const DEMO = ['linguaport.com', '555 01 42', 'Büyükdere', 'LinguaPort Çeviri'];

test('the footer shows the configured facts in both languages', () => {
  const tr = render(<Footer />, { path: '/tr/iletisim', answers });
  expect(text(tr)).toContain('Kızılırmak Mah. Dumlupınar Blv. No: 9 Kat: 3, 06510 Çankaya / Ankara, Türkiye');
  expect(tr).toContain('href="mailto:bilgi@ornekdil.com.tr"');
  expect(tr).toContain('href="tel:+903124440606"');
  expect(text(tr)).toContain('© 2026 Örnek Dil Hizmetleri A.Ş.');
  expect(text(tr)).toContain('MERSİS No: 0123456789000017 · Ankara Ticaret Sicili Müdürlüğü, sicil no 98765 · KEP: ornekdil@hs02.kep.tr');
  expect(text(tr)).toContain('ISO 9001:2015 sertifikalı kalite yönetimi');
  const en = text(render(<Footer />, { path: '/en/contact', answers }));
  expect(en).toContain('MERSİS no. 0123456789000017 · Ankara Ticaret Sicili Müdürlüğü, registry no. 98765');
  for (const html of [tr, en]) for (const d of DEMO) expect(html).not.toContain(d);
});

test('the contact page shows the configured e-mail, phone, address, KEP and company details', () => {
  const tr = render(<Contact />, { path: '/tr/iletisim', answers });
  expect(tr).toContain('href="mailto:bilgi@ornekdil.com.tr"');
  expect(text(tr)).toContain('+90 312 444 06 06');
  expect(text(tr)).toContain('KEP adresi ornekdil@hs02.kep.tr');
  expect(text(tr)).toContain('Örnek Dil Hizmetleri A.Ş. MERSİS No: 0123456789000017 · Kavaklıdere V.D. 1234567890');
  const en = text(render(<Contact />, { path: '/en/contact', answers }));
  expect(en).toContain('MERSİS no. 0123456789000017 · Tax office Kavaklıdere, tax no. 1234567890');
  for (const d of DEMO) expect(tr + en).not.toContain(d);
});

test('the chat names the configured support mailbox and phone; the structured data the facts', () => {
  const chat = text(render(<ChatView company={COMPANY} online onSubmit={() => {}} />, { path: '/en' }));
  expect(chat).toContain('Other ways: yardim@ornekdil.com.tr · +90 312 444 06 06');
  const org = organization('tr', COMPANY);
  expect(org).toMatchObject({ name: 'Örnek Dil', legalName: 'Örnek Dil Hizmetleri A.Ş.', taxID: '1234567890', telephone: '+90 312 444 06 06', email: 'bilgi@ornekdil.com.tr' });
  expect(org.address).toMatchObject({ streetAddress: COMPANY.address.street, postalCode: '06510', addressLocality: 'Ankara', addressCountry: 'TR' });
});

test('the balance page lists the accounts GET balance answers', () => {
  const accounts = [
    { bank: 'Türkiye Garanti Bankası', branch: 'Kızılay Şubesi', holder: 'Örnek Dil Hizmetleri A.Ş.', iban: 'TR26 0006 2000 0000 0629 8765 43', currency: 'TRY' },
    { bank: 'Türkiye Garanti Bankası', branch: '', holder: 'Örnek Dil Hizmetleri A.Ş.', iban: 'TR96 0006 2000 0000 0629 8765 44', currency: 'EUR' },
  ];
  const html = text(render(<BankAccounts accounts={accounts} />, { path: '/tr/hesabim' }));
  expect(html).toContain('Hesabın para birimi TRY Banka Türkiye Garanti Bankası, Kızılay Şubesi Hesap sahibi Örnek Dil Hizmetleri A.Ş. IBAN TR26 0006 2000 0000 0629 8765 43');
  expect(html).toContain('Hesabın para birimi EUR Banka Türkiye Garanti Bankası Hesap sahibi');
});
