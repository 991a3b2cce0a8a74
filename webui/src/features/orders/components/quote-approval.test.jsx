import { afterEach, expect, test, vi } from 'vitest';
import { ApiError } from '../../../lib/api-client.js';
import { taxKey } from '../../../lib/api/tax.js';
import { render, text } from '../../../lib/test-render.jsx';
import { approveQuote, contractKey } from '../api/orders.js';
import { readApprovalError } from '../approval.js';
import { OrdersProvider } from '../orders-context.jsx';
import { QuoteActions, QuoteCard } from './quote-card.jsx';

afterEach(() => vi.unstubAllGlobals());

const TRY = (amount, formatted) => ({ amount, currency: 'TRY', decimals: 2, formatted });
const quote = (extra = {}) => ({
  id: 'q1',
  number: 'Q-2026-00012',
  status: 'pending',
  service: 'professional-translation',
  sourceLanguage: 'tr',
  targetLanguages: ['en'],
  urgency: 'normal',
  addOns: [],
  unit: 'word',
  quantity: 400,
  files: [],
  lines: [],
  total: TRY(250000, '2.500,00 ₺'),
  totalUsd: { amount: 8000, currency: 'USD', decimals: 2 },
  createdAt: '2026-11-23T10:00:00Z',
  expiresAt: '2099-12-07T10:00:00Z',
  version: 1,
  revisions: [],
  ...extra,
});
const tax = {
  basis: 'profile',
  inTurkey: true,
  country: 'TR',
  vatPercent: 20,
  vatLabel: 'KDV %20',
  net: TRY(250000, '2.500,00 ₺'),
  vat: TRY(50000, '500,00 ₺'),
  total: TRY(300000, '3.000,00 ₺'),
};

// The billing feature's step as the app gives it: what the orders feature hands it is recorded.
const seen = [];
function StubStep(props) {
  seen.push(props);
  return (
    <button type="button" data-action={props.confirmAction} data-required={String(props.required)}>
      {props.confirmLabel}
    </button>
  );
}

const show = (node, { lang = 'tr', step = StubStep, answers = [] } = {}) =>
  render(
    <OrdersProvider currency="TRY" BillingStep={step}>
      {node}
    </OrdersProvider>,
    { path: lang === 'tr' ? '/tr/hesabim/siparislerim/teklifler/q1' : '/en/account/orders/quotes/q1', answers },
  );

test('the quote shows net, KDV and the total to pay from the tax preview, and approval starts with the billing details step', () => {
  seen.length = 0;
  const q = quote();
  const html = show(<QuoteCard quote={q} />, { answers: [[taxKey({ total: q.total, totalUsd: q.totalUsd }, 'tr'), tax]] });
  expect(html).toContain('data-testid="price-breakdown"');
  expect(text(html)).toContain('KDV %20 500,00 ₺');
  expect(text(html)).toContain('Ödenecek toplam 3.000,00 ₺');
  // The details step leads on to the contract; nothing approves before the contract is read.
  expect(html.match(/data-action="continue"/g)).toHaveLength(1);
  expect(html).not.toContain('data-action="approve"');
  expect(html).toContain('data-required="false"');
  expect(seen.at(-1)).toMatchObject({ confirmLabel: 'Devam et: sözleşme', confirmAction: 'continue', required: false });
  expect(typeof seen.at(-1).onConfirm).toBe('function');
  expect(typeof seen.at(-1).onCountryChange).toBe('function');
  expect(html).toContain('data-action="reject"');
});

test('a decided quote has no billing step; a list row leads to the quote page to approve there', () => {
  seen.length = 0;
  show(<QuoteCard quote={quote({ status: 'approved', orderId: 'o1' })} />);
  expect(seen).toHaveLength(0);
  const row = show(<QuoteActions quote={quote()} compact />, { lang: 'en' });
  expect(seen).toHaveLength(0);
  expect(row).toMatch(/<a class="button button--small" data-action="approve" href="\/en\/account\/orders\/quotes\/q1"[^>]*>Approve and place the order<\/a>/);
});

const contract = (lang) => ({
  kind: 'consumer',
  version: '2026-11-30',
  lang,
  total: '3.000,00 ₺',
  digest: 'd'.repeat(64),
  documents: [
    { title: 'Ön Bilgilendirme Formu', sections: [{ heading: '1. Hizmet sağlayıcı', blocks: [{ items: ['Unvan: LinguaPort'] }, { text: 'Hizmet elektronik ortamda ifa edilir.' }] }] },
    { title: 'Mesafeli Hizmet Sözleşmesi', sections: [{ heading: 'Madde 1 – Taraflar', blocks: [{ text: 'Taraflar aşağıdadır.' }] }] },
  ],
  consents: [
    { id: 'accept', text: 'Ön bilgilendirme formunu okudum; mesafeli hizmet sözleşmesini kabul ediyorum.' },
    { id: 'startNow', text: 'Çalışmanın hemen başlamasını istiyorum ve bu durumda cayma hakkımı kaybedeceğimi biliyorum.' },
  ],
});

test('the contract step shows the texts and its boxes, none ticked, before the one approve button', () => {
  const html = show(<QuoteActions quote={quote()} />, { step: null, answers: [[contractKey('q1', 'tr'), contract('tr')]] });
  expect(html).toContain('data-testid="contract"');
  expect(html).toContain('data-kind="consumer"');
  expect(text(html)).toContain('Ön Bilgilendirme Formu');
  expect(text(html)).toContain('Madde 1 – Taraflar');
  expect(text(html)).toContain('Çalışmanın hemen başlamasını istiyorum ve bu durumda cayma hakkımı kaybedeceğimi biliyorum.');
  const boxes = html.match(/<input[^>]*type="checkbox"[^>]*>/g);
  expect(boxes).toHaveLength(2);
  for (const b of boxes) expect(b).not.toMatch(/checked/);
  expect(html.match(/data-action="approve"/g)).toHaveLength(1);
  expect(html).toMatch(/<button type="submit" class="button" data-action="approve">Onayla ve siparişi ver<\/button>/);
});

test('approveQuote sends the version and the acceptance of the contract', async () => {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ quote: {}, order: {} }), { status: 200 })));
  vi.stubGlobal('fetch', fetch);
  const acceptance = { digest: 'd'.repeat(64), consents: { accept: true, startNow: true } };
  await approveQuote('q1', 'en', 2, acceptance);
  expect(JSON.parse(fetch.mock.calls[0][1].body)).toEqual({ version: 2, contract: acceptance });
});

test('409 billing_details_required opens the details form without a second message; other refusals keep theirs', async () => {
  const refusal = { error: { code: 'billing_details_required', message: 'Fatura bilgilerinizi girin.' } };
  vi.stubGlobal('fetch', vi.fn(() => Promise.resolve(new Response(JSON.stringify(refusal), { status: 409 }))));
  const err = await approveQuote('q1', 'tr', 1).catch((e) => e);
  expect(err).toBeInstanceOf(ApiError);
  const none = { contractChanged: false, contractFields: null };
  expect(readApprovalError(err, { hasBillingStep: true })).toEqual({ ...none, detailsRequired: true, message: '', reload: false });
  // Without the step, the server's words are all the customer has.
  expect(readApprovalError(err)).toEqual({ ...none, detailsRequired: true, message: 'Fatura bilgilerinizi girin.', reload: false });
  const changed = new ApiError(409, { error: { code: 'price_changed', message: 'Fiyat değişti.' } });
  expect(readApprovalError(changed, { hasBillingStep: true })).toEqual({ ...none, detailsRequired: false, message: 'Fiyat değişti.', reload: true });
  expect(readApprovalError(new Error('network'), { hasBillingStep: true })).toEqual({ ...none, detailsRequired: false, message: null, reload: false });
  // The contract: read again when it changed, the unticked boxes named when refused.
  const reread = new ApiError(409, { error: { code: 'contract_changed', message: 'Sözleşme değişti.' } });
  expect(readApprovalError(reread, { hasBillingStep: true })).toEqual({ ...none, contractChanged: true, detailsRequired: false, message: 'Sözleşme değişti.', reload: false });
  const unticked = new ApiError(422, { error: { code: 'contract_not_accepted', message: 'Kutuları işaretleyin.', fields: { startNow: 'İşaretleyin.' } } });
  expect(readApprovalError(unticked)).toEqual({ ...none, contractFields: { startNow: 'İşaretleyin.' }, detailsRequired: false, message: 'Kutuları işaretleyin.', reload: false });
});
