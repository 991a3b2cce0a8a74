import { afterEach, expect, test, vi } from 'vitest';
import { render, text } from '../../lib/test-render.jsx';
import { inquiriesPageKey, markHandled, replyInquiry } from './api/content.js';
import { InquiriesTable, InquiryView, inquiryFilter } from './components/inquiries.jsx';

afterEach(() => vi.unstubAllGlobals());
const json = (status, body) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const inquiry = {
  id: 'iq-1', kind: 'corporate', name: 'Şule Işık', email: 'sule@example.com', phone: '+90 555 000 00 00', company: 'Örnek A.Ş.',
  message: 'Yıllık sözleşme için teklif rica ederiz.', language: 'tr', createdAt: '2026-11-22T08:00:00Z', status: 'open', handledAt: null, handledBy: null, replies: [],
};

test('inquiries are listed by kind, status (open unless said) and search, each next page before the page’s next', () => {
  expect(inquiryFilter(new URLSearchParams(''))).toEqual({ kind: '', status: 'open', q: '', sort: 'newest' });
  expect(inquiryFilter(new URLSearchParams('status=all&kind=corporate&q=Örnek&sort=oldest'))).toEqual({ kind: 'corporate', status: '', q: 'Örnek', sort: 'oldest' });
  expect(inquiryFilter(new URLSearchParams('sort=cheapest')).sort).toBe('newest');
  const key = inquiriesPageKey('tr', { kind: 'contact', status: 'handled', q: ' şule ' });
  expect(key(0, null)).toEqual(['/api/v1/catalog/admin/inquiries?kind=contact&status=handled&q=%C5%9Fule', 'tr']);
  expect(key(1, { inquiries: [{ id: 'b' }, { id: 'a' }], more: true, next: 'a' })[0]).toBe('/api/v1/catalog/admin/inquiries?kind=contact&status=handled&q=%C5%9Fule&before=a');
  expect(key(2, { inquiries: [{ id: 'z' }], more: false })).toBe(null);
  const rows = render(<InquiriesTable inquiries={[inquiry]} />, { path: '/en/admin/inquiries' });
  expect(rows).toContain('href="/en/admin/inquiries/iq-1"');
  expect(text(rows)).toContain('Corporate');
  expect(text(rows)).toContain('Awaiting reply');
});

test('an open message offers Mark as handled and a reply form that says the mail goes out in the message’s language', async () => {
  const tr = render(<InquiryView inquiry={inquiry} />, { path: '/tr/yonetim/mesajlar/iq-1' });
  expect(text(tr)).toContain('Yıllık sözleşme için teklif rica ederiz.');
  expect(tr).toContain('data-action="handled"');
  expect(text(tr)).toContain('Yanıt, mesajın dilinde (Türkçe) e-postayla gönderilir.');
  expect(text(tr)).toContain('Henüz yanıt gönderilmedi.');
  expect(tr).toContain('href="mailto:sule@example.com"');
  expect(tr).toContain('href="/tr/yonetim/denetim?area=catalog&amp;object=inquiry%3Aiq-1"');

  const handled = {
    ...inquiry, language: 'en', status: 'handled', handledAt: '2026-11-22T09:00:00Z', handledBy: { id: 'u1', name: 'Deniz' },
    replies: [{ message: 'We will send a quote today.', at: '2026-11-22T09:00:00Z', by: { id: 'u1', name: 'Deniz' } }],
  };
  const en = render(<InquiryView inquiry={handled} />, { path: '/en/admin/inquiries/iq-1' });
  expect(en).not.toContain('data-action="handled"');
  expect(text(en)).toContain('Handled by Deniz');
  expect(text(en)).toContain('We will send a quote today.');
  expect(text(en)).toContain('e-mailed in the message’s language (English)');
  expect(en).toContain('data-action="reply"'); // a handled message can still be answered again

  const fetch = vi.fn(() => Promise.resolve(json(200, handled)));
  vi.stubGlobal('fetch', fetch);
  await replyInquiry('iq-1', 'We will send a quote today.', 'en');
  await markHandled('iq-1', 'en');
  expect(fetch.mock.calls.map(([url, init]) => [url, init.method, init.body && JSON.parse(init.body)])).toEqual([
    ['/api/v1/catalog/admin/inquiries/iq-1/reply', 'POST', { message: 'We will send a quote today.' }],
    ['/api/v1/catalog/admin/inquiries/iq-1/handled', 'POST', undefined],
  ]);
});
