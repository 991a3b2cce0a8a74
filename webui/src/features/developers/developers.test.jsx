import { expect, test } from 'vitest';
import { render, text } from '../../lib/test-render.jsx';
import { openApiKey } from './api/get-openapi.js';
import { ApiReference } from './components/api-reference.jsx';
import { DevelopersPage } from './components/developers-page.jsx';
import fixture from './test-openapi.json';

const PAGE = { tr: '/tr/gelistiriciler', en: '/en/developers' };
const withTurkishSummary = () => {
  const doc = structuredClone(fixture);
  doc.paths['/api/v1/auth/webhooks'].post['x-summary-tr'] = 'Bir uç nokta kaydedin; imzalama anahtarı yanıtta döner';
  return doc;
};
const headings = (html) => [...html.matchAll(/<h([1-6])[\s>]/g)].map((m) => Number(m[1]));
const unescape = (s) => s.replaceAll('&quot;', '"').replaceAll('&#x27;', "'").replaceAll('&lt;', '<').replaceAll('&gt;', '>').replaceAll('&amp;', '&');
const curlOf = (html, id) => unescape(html.match(new RegExp(`id="op-${id}"[\\s\\S]*?<pre class="dev-code__pre" tabindex="0"><code>([\\s\\S]*?)</code></pre>`))[1]);

test.each(['tr', 'en'])('%s: the introduction is there before the document, with the operations loading', (lang) => {
  const html = render(<DevelopersPage />, { path: PAGE[lang] });
  const words = text(html);
  expect(headings(html).filter((h) => h === 1)).toHaveLength(1);
  expect(words).toContain(lang === 'tr' ? 'Kimlik doğrulama' : 'Authentication');
  expect(words).toContain('Authorization: Bearer lp_live_…');
  // The base URL is the site's canonical origin while prerendering.
  expect(words).toContain('https://www.linguaport.com/api/v1');
  expect(words).toContain('"code": "validation_failed"');
  expect(words).toContain(lang === 'tr' ? 'Lütfen işaretli alanları düzeltin.' : 'Please correct the marked fields.');
  for (const fact of ['Idempotency-Key', '422 idempotency_key_reused', '409 idempotency_in_progress', '429 rate_limited', 'Retry-After', 'RateLimit-Policy', 'webhook-signature', 'whsec_']) {
    expect(words, fact).toContain(fact);
  }
  expect(words).toContain(lang === 'tr' ? '24 saat' : '24 hours');
  expect(words).toContain(lang === 'tr' ? 'dakikada 600 istek' : '600 requests a minute');
  expect(words).toContain('limit (1–100)');
  expect(words).toContain('OpenAPI 3.0.3');
  expect(words).toContain('oapi-codegen');
  // The download, and the ways to Settings: the API keys and the webhooks.
  expect(html).toMatch(/<a class="button" href="\/api\/v1\/openapi.json" download="linguaport-openapi.json"/);
  expect(html).toContain(lang === 'tr' ? 'href="/tr/hesabim/ayarlar/api-anahtarlari"' : 'href="/en/account/settings/api-keys"');
  expect(html).toContain(lang === 'tr' ? 'href="/tr/hesabim/ayarlar/webhooklar"' : 'href="/en/account/settings/webhooks"');
  // The table of contents links the sections; the operations are loading.
  for (const id of ['start', 'base-url', 'authentication', 'errors', 'idempotency', 'rate-limits', 'paging', 'webhooks', 'sandbox', 'openapi', 'reference']) {
    expect(html, id).toContain(`href="#${id}"`);
    expect(html, id).toContain(`id="${id}"`);
  }
  expect(html).toContain('data-testid="loading"');
  expect(html).not.toContain('data-operation-id');
});

test.each(['tr', 'en'])('%s: the operations, grouped by tag, each with its parameters, schemas and a curl example', (lang) => {
  const html = render(<DevelopersPage />, { path: PAGE[lang], answers: [[openApiKey, withTurkishSummary()]] });
  const words = text(html);
  expect(html).not.toContain('data-testid="loading"');
  expect([...html.matchAll(/data-operation-id="([^"]+)"/g)].map((m) => m[1])).toEqual([
    'listWebhookEndpoints',
    'createWebhookEndpoint',
    'getWebhookEndpoint',
    'updateWebhookEndpoint',
    'deleteWebhookEndpoint',
    'listWebhookDeliveries',
    'rotateWebhookSecret',
  ]);
  // Headings go one level down at a time: the page, its sections, a tag, an operation, its parts.
  const levels = headings(html);
  expect(levels[0]).toBe(1);
  for (let i = 1; i < levels.length; i++) expect(levels[i] - levels[i - 1], `heading ${i}`).toBeLessThanOrEqual(1);
  expect(levels).toContain(5);
  // A tag's section and the table of contents' links to it and to every operation.
  expect(html).toContain('id="tag-webhooks"');
  expect(html).toContain('href="#tag-webhooks"');
  expect(html).toContain('href="#op-createWebhookEndpoint"');
  expect(words).toContain(lang === 'tr' ? '7 uç nokta' : '7 endpoints');
  // The summary: the Turkish one in Turkish, the document's in English.
  expect(words).toContain(lang === 'tr' ? 'Bir uç nokta kaydedin; imzalama anahtarı yanıtta döner' : 'Register an endpoint; its signing secret is answered');
  // The path breaks after its slashes (<wbr>) on a phone, and reads whole.
  const whole = html.replaceAll('<wbr/>', '').replaceAll('<!-- -->', '');
  expect(html.replaceAll('<!-- -->', '')).toContain('/<wbr/>api/<wbr/>v1/<wbr/>auth/<wbr/>webhooks');
  expect(text(whole)).toContain('POST /api/v1/auth/webhooks');
  // Parameters with where they go, their type and whether required.
  expect(words).toContain(lang === 'tr' ? 'Idempotency-Key başlık string isteğe bağlı' : 'Idempotency-Key header string optional');
  expect(words).toContain(lang === 'tr' ? 'id yol string zorunlu' : 'id path string required');
  // The request body's and the answer's schemas, references resolved.
  expect(words).toContain('AuthWebhookSettings');
  expect(words).toContain(lang === 'tr' ? 'types AuthWebhookType[] zorunlu' : 'types AuthWebhookType[] required');
  expect(words).toContain('quote.ready');
  expect(words).toContain(lang === 'tr' ? 'disabledAt string (date-time) zorunlu null olabilir' : 'disabledAt string (date-time) required nullable');
  expect(words).toContain(lang === 'tr' ? 'Başarılı yanıt: 201' : 'Success answer: 201');
  expect(words).toContain(lang === 'tr' ? 'Yanıtın gövdesi yoktur.' : 'The answer has no body.');
  // The curl examples: a POST with its body and an Idempotency-Key, a GET without.
  expect(curlOf(html, 'createWebhookEndpoint')).toBe(
    'curl -X POST "https://www.linguaport.com/api/v1/auth/webhooks" \\\n  -H "Authorization: Bearer lp_live_…" \\\n  -H "Content-Type: application/json" \\\n  -H "Idempotency-Key: <uuid>" \\\n  -d \'{"url":"https://example.com/linguaport","types":["quote.ready"]}\'',
  );
  expect(curlOf(html, 'getWebhookEndpoint')).toBe('curl "https://www.linguaport.com/api/v1/auth/webhooks/<id>" \\\n  -H "Authorization: Bearer lp_live_…"');
  // Each example has a copy button naming its operation, and a caption.
  expect(html.match(/data-action="copy-code"/g)).toHaveLength(7);
  expect(words).toContain(lang === 'tr' ? 'Kopyala : POST /api/v1/auth/webhooks' : 'Copy : POST /api/v1/auth/webhooks');
  expect(words).toContain(lang === 'tr' ? 'Örnek istek (curl)' : 'Example request (curl)');
  expect(words).toContain('LinguaPort API v1 · OpenAPI 3.0.3');
});

test.each(['tr', 'en'])('%s: when the document cannot be loaded, the reference says so and offers to try again', (lang) => {
  const html = render(<ApiReference groups={null} error={new Error('HTTP 502')} onRetry={() => {}} origin="https://www.linguaport.com" />, { path: PAGE[lang] });
  expect(html).toContain('role="alert"');
  expect(text(html)).toContain(lang === 'tr' ? 'Uç noktaların listesi yüklenemedi.' : 'The list of endpoints could not be loaded.');
  expect(text(html)).toContain(lang === 'tr' ? 'Yeniden dene' : 'Try again');
  const empty = render(<ApiReference doc={{ paths: {} }} groups={[]} origin="" />, { path: PAGE[lang] });
  expect(text(empty)).toBe(lang === 'tr' ? 'Belgede henüz bir uç nokta yok.' : 'The document lists no endpoints yet.');
});

test.each(['tr', 'en'])('%s: the sandbox section says what a sandbox key does, briefly', (lang) => {
  const html = render(<DevelopersPage />, { path: PAGE[lang] });
  const section = html.match(/<section id="sandbox"[\s\S]*?<\/section>/)[0];
  const words = text(section);
  expect(words).toContain(lang === 'tr' ? 'Deneme ortamı (sandbox)' : 'Sandbox');
  for (const fact of ['lp_test_', 'POST /api/v1/billing/invoices/{id}/pay', '"SANDBOX"', 'TST…']) expect(words, fact).toContain(fact);
  const facts =
    lang === 'tr'
      ? ['ücretsiz ödenir', 'yaklaşık 10 saniye', 'bir dakika kadar', 'düzeltmeler de aynı şekilde', 'Her webhook olayı', 'geçerli bir fatura değildir', 'kendi teklifleri, siparişleri, faturaları, fatura bilgileri ve webhook uç noktaları', 'canlı hesabınızın fatura bilgileri kullanılır']
      : ['paid without charge', 'within about 10 seconds', 'within about a minute', 'Revisions you ask for are redelivered', 'Every webhook fires', 'not valid invoices', 'its own quotes, orders, invoices, billing details and webhook endpoints', 'it uses your live account’s'];
  for (const fact of facts) expect(words, fact).toContain(fact);
  expect(section).toContain(lang === 'tr' ? 'href="/tr/hesabim/ayarlar/webhooklar?space=sandbox"' : 'href="/en/account/settings/webhooks?space=sandbox"');
  expect(html).toContain('href="#sandbox"');
});
