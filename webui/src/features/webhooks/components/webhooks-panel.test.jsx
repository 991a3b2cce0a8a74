import { afterEach, expect, test, vi } from 'vitest';
import { unstable_serialize as infiniteKey } from 'swr/infinite';
import { ApiError } from '../../../lib/api-client.js';
import { render, text } from '../../../lib/test-render.jsx';
import {
  createEndpoint,
  deleteEndpoint,
  deliveriesPageKey,
  disableEndpoint,
  enableEndpoint,
  hasPending,
  inSpace,
  replayDelivery,
  revealSecret,
  rotateSecret,
  sendTestEvent,
  updateEndpoint,
} from '../api/webhooks.js';
import { readRefusal } from '../refusal.js';
import { DeliveryItem, DeliveryLog, prettyPayload } from './delivery-log.jsx';
import { EndpointFields } from './endpoint-form.jsx';
import { SecretBox } from './secret-box.jsx';
import { WebhooksPanel } from './webhooks-panel.jsx';

afterEach(() => vi.unstubAllGlobals());

const TYPES = ['quote.ready', 'order.paid', 'order.assigned', 'order.delivered', 'order.revision_delivered', 'order.completed', 'invoice.issued', 'invoice.paid', 'invoice.refunded'];
const LIST = (lang, space) => [space === 'sandbox' ? '/api/v1/auth/webhooks?space=sandbox' : '/api/v1/auth/webhooks', lang];
const LOG = (id, lang, space) => infiniteKey(deliveriesPageKey(id, lang, space));
const tabs = (html) => [...html.matchAll(/<button[^>]*role="tab"[^>]*>[^<]*<\/button>/g)].map((m) => m[0]);
const LONG_URL = `https://hooks.example.com/${'linguaport-webhook-receiver-'.repeat(6)}end?token=abcdefghijklmnopqrstuvwxyz0123456789`;
const endpoint = (extra) => ({
  url: 'https://erp.example.com/hooks/linguaport',
  description: '',
  types: ['order.paid'],
  createdAt: '2026-11-30T09:00:00Z',
  updatedAt: '2026-11-30T09:00:00Z',
  disabledAt: null,
  disabledReason: '',
  failingSince: null,
  secretsValid: 1,
  ...extra,
});
const endpoints = [
  endpoint({ id: 'we_1', description: 'ERP, production', types: ['quote.ready', 'order.delivered', 'invoice.issued'] }),
  endpoint({ id: 'we_2', url: LONG_URL, disabledAt: '2026-12-01T10:00:00Z', disabledReason: 'gone', secretsValid: 2 }),
  endpoint({ id: 'we_3', url: 'https://crm.example.com/in', types: ['order.completed'], failingSince: '2026-12-02T08:30:00Z' }),
];
const payload = '{"type":"order.delivered","timestamp":"2026-12-03T09:00:00Z","data":{"orderId":"o-1","orderNumber":"LP-2026-0042","status":"delivered"}}';
const deliveries = [
  {
    id: 'msg_pendingpendingpendingpe',
    endpointId: 'we_1',
    type: 'webhook.test',
    payload: '{"type":"webhook.test","timestamp":"2026-12-03T10:00:00Z","data":{"endpointId":"we_1"}}',
    state: 'pending',
    createdAt: '2026-12-03T10:00:00Z',
    nextAttemptAt: '2026-12-03T10:00:05Z',
    attempts: [{ at: '2026-12-03T10:00:00Z', timestamp: 1796292000, status: 0, durationMs: 10000, error: 'timeout' }],
  },
  {
    id: 'msg_deliveredeliveredeliver',
    endpointId: 'we_1',
    type: 'order.delivered',
    payload,
    state: 'delivered',
    createdAt: '2026-12-03T09:00:00Z',
    nextAttemptAt: null,
    attempts: [
      { at: '2026-12-03T09:00:01Z', timestamp: 1796288401, status: 500, durationMs: 120, response: 'upstream down' },
      { at: '2026-12-03T09:00:06Z', timestamp: 1796288406, status: 200, durationMs: 35, response: 'ok' },
      { at: '2026-12-03T09:30:00Z', timestamp: 1796290200, status: 200, durationMs: 1234, response: 'ok', replay: true },
    ],
  },
];
const items = (html) => [...html.matchAll(/<li[^>]*data-endpoint-id="([^"]+)"[^>]*data-state="([^"]+)"[^>]*data-open="([^"]+)"/g)].map((m) => ({ id: m[1], state: m[2], open: m[3] === 'true' }));

test('the endpoints show their URL, state, events in words and when they were added; none is open and no secret is shown', () => {
  const html = render(<WebhooksPanel />, { path: '/en/account/settings/webhooks', answers: [[LIST('en'), { endpoints, types: TYPES }]] });
  expect(items(html)).toEqual([
    { id: 'we_1', state: 'active', open: false },
    { id: 'we_2', state: 'disabled', open: false },
    { id: 'we_3', state: 'failing', open: false },
  ]);
  const words = text(html);
  expect(words).toContain('https://erp.example.com/hooks/linguaport Active ERP, production Quote ready Order delivered Invoice issued Added 30 Nov 2026, 12:00');
  expect(words).toContain('Disabled Order paid Added 30 Nov 2026, 12:00 · Disabled 1 Dec 2026, 13:00');
  expect(words).toContain('Failing Order completed Added 30 Nov 2026, 12:00 · Failing since 2 Dec 2026, 11:30');
  expect(html.match(/data-action="toggle-endpoint"/g)).toHaveLength(3);
  expect(html).toMatch(/<button[^>]*aria-expanded="false"[^>]*data-action="toggle-endpoint"[^>]*>Show details<\/button>/);
  expect(html).not.toContain('data-secret');
  expect(html).not.toContain('data-testid="delivery-log"');
  // Endpoints exist: the form waits behind its button.
  expect(html).toContain('data-action="add-endpoint"');
  expect(html).not.toContain('data-testid="webhook-form"');
  // How to verify: Standard Webhooks' three headers and the retry schedule.
  expect(words).toContain('webhook-signature : "v1," followed by the base64 HMAC-SHA256 of "&lt;webhook-id&gt;.&lt;webhook-timestamp&gt;.&lt;body&gt;"');
  expect(words).toContain('5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h, 14 h and 16 h: eleven attempts over about three days');
  expect(words).toContain('standardwebhooks.com');
});

test('in Turkish, with no endpoint yet, the form is open with every event type explained and nothing picked', () => {
  const html = render(<WebhooksPanel />, { path: '/tr/hesabim/ayarlar/webhooklar', answers: [[LIST('tr'), { endpoints: [], types: TYPES }]] });
  const words = text(html);
  expect(words).toContain('Henüz bir webhook uç noktanız yok.');
  expect(html).toContain('data-testid="webhook-form"');
  expect(html).toMatch(/<input[^>]*type="url"[^>]*name="url"|<input[^>]*name="url"[^>]*type="url"/);
  const boxes = [...html.matchAll(/<input type="checkbox" name="types" value="([^"]+)"[^>]*>/g)];
  expect(boxes.map((m) => m[1])).toEqual(TYPES);
  for (const [box] of boxes) expect(box).not.toMatch(/checked/);
  expect(words).toContain('Teklif hazır quote.ready Bir teklif hazırlandı ya da ekibimiz fiyatını güncelledi.');
  expect(words).toContain('Düzeltme teslim edildi order.revision_delivered');
  expect(words).toContain('Tümünü seç');
  expect(html).toMatch(/data-action="create-endpoint">Uç noktayı ekle<\/button>/);
  expect(html).not.toContain('data-action="cancel-endpoint"');
  expect(words).toContain('İmzalar nasıl doğrulanır?');
});

test('a mail’s link (?endpoint=) opens that endpoint: its actions, secret buttons and delivery log', () => {
  const html = render(<WebhooksPanel />, {
    path: '/en/account/settings/webhooks?endpoint=we_1',
    answers: [
      [LIST('en'), { endpoints, types: TYPES }],
      [LOG('we_1', 'en'), [{ deliveries, next: 'msg_deliveredeliveredeliver' }]],
    ],
  });
  expect(items(html).filter((e) => e.open)).toEqual([{ id: 'we_1', state: 'active', open: true }]);
  expect(html).toMatch(/<button[^>]*aria-expanded="true"[^>]*aria-controls="[^"]+"[^>]*data-action="toggle-endpoint"[^>]*>Hide details<\/button>/);
  for (const action of ['send-test', 'edit-endpoint', 'disable-endpoint', 'delete-endpoint', 'reveal-secret', 'rotate-secret', 'more-deliveries']) {
    expect(html, action).toContain(`data-action="${action}"`);
  }
  expect(html).not.toContain('data-action="enable-endpoint"');
  // The log: newest first, each closed, with its type, time, state, attempts and last answer.
  expect([...html.matchAll(/data-delivery-id="([^"]+)" data-state="([^"]+)"/g)].map((m) => [m[1], m[2]])).toEqual([
    ['msg_pendingpendingpendingpe', 'pending'],
    ['msg_deliveredeliveredeliver', 'delivered'],
  ]);
  const words = text(html);
  expect(words).toContain('Test event webhook.test 3 Dec 2026, 13:00:00 Sending 1 attempt No answer');
  expect(words).toContain('Order delivered order.delivered 3 Dec 2026, 12:00:00 Delivered 3 attempts HTTP 200');
  expect(html).not.toContain('data-testid="delivery-details"');
  // A link naming no endpoint of theirs says so.
  const gone = render(<WebhooksPanel />, { path: '/tr/hesabim/ayarlar/webhooklar?endpoint=we_9', answers: [[LIST('tr'), { endpoints, types: TYPES }]] });
  expect(text(gone)).toContain('Bağlantıdaki uç nokta artık hesabınızda yok');
  expect(items(gone).some((e) => e.open)).toBe(false);
});

test('a disabled endpoint says why and that its events are kept; a rotation under way is shown', () => {
  const html = render(<WebhooksPanel />, {
    path: '/tr/hesabim/ayarlar/webhooklar?endpoint=we_2',
    answers: [
      [LIST('tr'), { endpoints, types: TYPES }],
      [LOG('we_2', 'tr'), [{ deliveries: [], next: '' }]],
    ],
  });
  const words = text(html);
  expect(html).toContain('data-testid="endpoint-disabled"');
  expect(words).toContain('1 Ara 2026 13:00 tarihinde kapatıldı Adres 410 Gone yanıtı verdi');
  expect(words).toContain('Kapalıyken olan olaylar saklanır; uç noktayı etkinleştirdiğinizde gönderilir.');
  expect(html).toContain('data-testid="rotation-overlap"');
  expect(words).toContain('hem eski hem yeni anahtarla imzalanır');
  // Off: enabled again, not tested.
  expect(html).toContain('data-action="enable-endpoint"');
  expect(html).not.toContain('data-action="send-test"');
  expect(words).toContain('Son 14 günde bu uç noktaya bir şey gönderilmedi.');
  expect(html).not.toContain('data-action="more-deliveries"');
});

test('creating sends exactly the settings and answers the secret, which is shown once with a copy button', async () => {
  const made = { ...endpoint({ id: 'we_new' }), secret: 'whsec_c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LXNlYw==' };
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify(made), { status: 201 })));
  vi.stubGlobal('fetch', fetch);
  const answer = await createEndpoint({ url: 'https://erp.example.com/in', description: 'ERP', types: ['order.paid'], id: 'ignored', extra: 1 }, 'en');
  expect(answer.secret).toBe(made.secret);
  const [url, init] = fetch.mock.calls[0];
  expect(url).toBe('/api/v1/auth/webhooks');
  expect(init.method).toBe('POST');
  expect(init.headers['Accept-Language']).toBe('en');
  // The server refuses unknown fields: only these three go.
  expect(JSON.parse(init.body)).toEqual({ url: 'https://erp.example.com/in', description: 'ERP', types: ['order.paid'] });

  const shown = render(<SecretBox title="Your endpoint is added" lead="Copy it now." secret={made.secret} doneLabel="I have stored it" onDone={() => {}} />, { path: '/en/account/settings/webhooks' });
  expect(shown).toContain('data-testid="webhook-secret"');
  expect(shown).toMatch(/<code data-secret="true">whsec_c2VjcmV0[^<]*<\/code>/);
  expect(shown).toContain('data-action="copy-secret">Copy</button>');
  expect(shown).toContain('data-action="secret-stored">I have stored it</button>');
  // The panel shows no secret of its own accord: only what creating, revealing or rotating answered.
  const panel = render(<WebhooksPanel />, { path: '/en/account/settings/webhooks?endpoint=we_1', answers: [[LIST('en'), { endpoints, types: TYPES }]] });
  expect(panel).not.toContain('data-secret');
  expect(panel).toContain('data-action="reveal-secret">Reveal secret</button>');
});

test('refused settings show the server’s words under their fields; other refusals above the form', () => {
  const fields = new ApiError(400, { error: { code: 'invalid', message: 'Check the fields.', fields: { url: 'This field is required.', types: 'Pick at least one event type.' } } });
  expect(readRefusal(fields, 'failed')).toEqual({ fields: { url: 'This field is required.', types: 'Pick at least one event type.' }, message: '' });
  const tooMany = new ApiError(409, { error: { code: 'too_many_endpoints', message: 'You can have at most 20 webhook endpoints.' } });
  expect(readRefusal(tooMany, 'failed')).toEqual({ fields: {}, message: 'You can have at most 20 webhook endpoints.' });
  expect(readRefusal(new TypeError('Failed to fetch'), 'failed')).toEqual({ fields: {}, message: 'failed' });

  const html = render(
    <EndpointFields types={TYPES} values={{ url: '', description: '', types: [] }} onChange={() => {}} errors={readRefusal(fields).fields} submitLabel="Add the endpoint" busyLabel="Adding…" onSubmit={() => {}} />,
    { path: '/en/account/settings/webhooks' },
  );
  const url = html.match(/<input[^>]*name="url"[^>]*>/)[0];
  expect(url).toContain('aria-invalid="true"');
  const errorId = html.match(/<p id="([^"]+)" class="field__error">This field is required.<\/p>/)[1];
  expect(url).toMatch(new RegExp(`aria-describedby="[^"]*${errorId}`));
  const typesError = html.match(/<p id="([^"]+)" class="field__error">Pick at least one event type.<\/p>/)[1];
  expect(html).toMatch(new RegExp(`<fieldset[^>]*aria-describedby="[^"]*${typesError}`));
  const above = render(<EndpointFields types={TYPES} values={{ url: 'https://x.example', description: '', types: TYPES }} onChange={() => {}} message={tooMany.message} submitLabel="Save" busyLabel="…" onSubmit={() => {}} />, {
    path: '/en/account/settings/webhooks',
  });
  expect(above).toMatch(/role="alert"[^>]*>You can have at most 20 webhook endpoints.</);
  // Every type picked: the button clears them.
  expect(text(above)).toContain('Clear all');
});

test('a delivery opens to its headers, payload and every attempt, resends from there, and the log pages by cursor', () => {
  const [, delivered] = deliveries;
  const closed = render(<ul><DeliveryItem delivery={delivered} endpointId="we_1" open={false} onToggle={() => {}} onReplayed={() => {}} /></ul>, { path: '/en/account/settings/webhooks' });
  expect(closed).toMatch(/aria-expanded="false"/);
  expect(closed).not.toContain('data-testid="delivery-details"');
  expect(closed).not.toContain('data-action="replay-delivery"');

  const html = render(<ul><DeliveryItem delivery={delivered} endpointId="we_1" open onToggle={() => {}} onReplayed={() => {}} /></ul>, { path: '/en/account/settings/webhooks' });
  expect(html).toMatch(/aria-expanded="true" aria-controls="([^"]+)"/);
  const words = text(html);
  expect(words).toContain('Delivery id msg_deliveredeliveredeliver');
  // The headers the endpoint got, the signature left out.
  expect(words).toContain('webhook-id: msg_deliveredeliveredeliver webhook-timestamp: 1796290200 webhook-signature: v1,… (not shown: computed with your secret)');
  expect(html).toContain(prettyPayload(payload).replaceAll('"', '&quot;'));
  expect(prettyPayload(payload)).toContain('\n  "data": {\n    "orderId": "o-1",');
  expect(prettyPayload('not json')).toBe('not json');
  expect([...html.matchAll(/data-attempt="true" data-status="(\d+)" data-replay="(true|false)"/g)].map((m) => [m[1], m[2]])).toEqual([
    ['500', 'false'],
    ['200', 'false'],
    ['200', 'true'],
  ]);
  expect(words).toContain('3 Dec 2026, 12:00:01 HTTP 500 120 ms Start of the response upstream down');
  expect(words).toContain('3 Dec 2026, 12:30:00 HTTP 200 1,234 ms Resent Start of the response ok');
  expect(html).toContain('data-action="replay-delivery">Resend</button>');
  // Still being tried, or its endpoint off: no resend.
  const pending = render(<ul><DeliveryItem delivery={deliveries[0]} endpointId="we_1" open onToggle={() => {}} onReplayed={() => {}} /></ul>, { path: '/en/account/settings/webhooks' });
  expect(text(pending)).toContain('Next attempt 3 Dec 2026, 13:00:05');
  expect(text(pending)).toContain('No answer 10,000 ms timeout');
  expect(pending).not.toContain('data-action="replay-delivery"');
  const off = render(<ul><DeliveryItem delivery={delivered} endpointId="we_1" open replayable={false} onToggle={() => {}} onReplayed={() => {}} /></ul>, { path: '/en/account/settings/webhooks' });
  expect(off).not.toContain('data-action="replay-delivery"');

  // The log: a delivery found on two pages (it moved between loads) is listed once; More while there is a cursor.
  const log = { data: [{ deliveries, next: 'msg_deliveredeliveredeliver' }, { deliveries: [delivered], next: '' }], size: 2, setSize: () => {}, mutate: () => {} };
  const listed = render(<DeliveryLog endpointId="we_1" log={log} />, { path: '/tr/hesabim/ayarlar/webhooklar' });
  expect(listed.match(/data-delivery-id=/g)).toHaveLength(2);
  expect(listed).not.toContain('data-action="more-deliveries"');
  expect(text(listed)).toContain('Test olayı webhook.test 3 Ara 2026 13:00:00 Gönderiliyor 1 deneme Yanıt yok');
  const more = render(<DeliveryLog endpointId="we_1" log={{ ...log, data: [log.data[0]], size: 1 }} />, { path: '/tr/hesabim/ayarlar/webhooklar' });
  expect(more).toContain('data-action="more-deliveries">Daha eski gönderimler</button>');
});

test('the log is asked page by page by cursor, again while a delivery is pending', () => {
  const key = deliveriesPageKey('we_1', 'en');
  expect(key(0, null)).toEqual(['/api/v1/auth/webhooks/we_1/deliveries', 'en']);
  expect(key(1, { deliveries, next: 'msg_b' })).toEqual(['/api/v1/auth/webhooks/we_1/deliveries?after=msg_b', 'en']);
  expect(key(2, { deliveries, next: '' })).toBeNull();
  expect(hasPending([{ deliveries }])).toBe(true);
  expect(hasPending([{ deliveries: [deliveries[1]] }, { deliveries: [] }])).toBe(false);
  expect(hasPending(undefined)).toBe(false);
});

test('each action calls its address: replay, test, secret, rotation, enable, disable, change and delete', async () => {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ id: 'msg_1', state: 'pending', attempts: [] }), { status: 202 })));
  vi.stubGlobal('fetch', fetch);
  await replayDelivery('we_1', 'msg_deliveredeliveredeliver', 'en');
  await sendTestEvent('we_1', 'tr');
  await revealSecret('we_1', 'tr');
  await rotateSecret('we_1', 'tr');
  await enableEndpoint('we_1', 'tr');
  await disableEndpoint('we_1', 'tr');
  await updateEndpoint('we/1', { url: 'https://x.example', description: '', types: ['order.paid'], secretsValid: 2 }, 'tr');
  await deleteEndpoint('we_1', 'tr');
  expect(fetch.mock.calls.map(([url, init]) => `${init.method} ${url}`)).toEqual([
    'POST /api/v1/auth/webhooks/we_1/deliveries/msg_deliveredeliveredeliver/replay',
    'POST /api/v1/auth/webhooks/we_1/test',
    'GET /api/v1/auth/webhooks/we_1/secret',
    'POST /api/v1/auth/webhooks/we_1/secret/rotate',
    'POST /api/v1/auth/webhooks/we_1/enable',
    'POST /api/v1/auth/webhooks/we_1/disable',
    'PUT /api/v1/auth/webhooks/we%2F1',
    'DELETE /api/v1/auth/webhooks/we_1',
  ]);
  expect(fetch.mock.calls[0][1].headers['Accept-Language']).toBe('en');
  expect(fetch.mock.calls[0][1].body).toBeUndefined();
  expect(JSON.parse(fetch.mock.calls[6][1].body)).toEqual({ url: 'https://x.example', description: '', types: ['order.paid'] });
});

test('a switch at the top chooses the space, live by default: a tablist whose tab labels the panel', () => {
  const html = render(<WebhooksPanel />, { path: '/en/account/settings/webhooks', answers: [[LIST('en'), { endpoints, types: TYPES }]] });
  expect(html).toMatch(/<div class="webhooks-spaces" role="tablist" aria-label="The endpoints’ space"/);
  const [live, sandbox] = tabs(html);
  expect(live).toMatch(/aria-selected="true"/);
  expect(live).toMatch(/tabindex="0"/);
  expect(live).toMatch(/data-space="live">Live</);
  expect(sandbox).toMatch(/aria-selected="false"/);
  expect(sandbox).toMatch(/tabindex="-1"/);
  expect(sandbox).toMatch(/data-space="sandbox">Sandbox</);
  const panel = live.match(/aria-controls="([^"]+)"/)[1];
  expect(sandbox).toContain(`aria-controls="${panel}"`);
  const liveId = live.match(/id="([^"]+)"/)[1];
  expect(html).toContain(`id="${panel}" role="tabpanel" aria-labelledby="${liveId}"`);
  expect(html).toContain('data-testid="webhooks" data-space="live"');
  expect(text(html)).toContain('Live: the events of your real quotes, orders and invoices are sent to these endpoints.');
  expect(items(html).map((e) => e.id)).toEqual(['we_1', 'we_2', 'we_3']);
  // In Turkish.
  const tr = render(<WebhooksPanel />, { path: '/tr/hesabim/ayarlar/webhooklar', answers: [[LIST('tr'), { endpoints, types: TYPES }]] });
  expect(tabs(tr).map((b) => text(b))).toEqual(['Canlı', 'Deneme ortamı']);
  expect(text(tr)).toContain('Uç noktalarınız');
});

test('?space=sandbox shows the sandbox’s endpoints, never the live ones; an empty sandbox says where its endpoints come from', () => {
  // Only the live list is known: the sandbox's is still loading, nothing of the live one shows.
  const loading = render(<WebhooksPanel />, { path: '/en/account/settings/webhooks?space=sandbox', answers: [[LIST('en'), { endpoints, types: TYPES }]] });
  expect(items(loading)).toEqual([]);
  expect(tabs(loading)[1]).toMatch(/aria-selected="true"/);
  expect(tabs(loading)[0]).toMatch(/aria-selected="false"/);
  const sandboxTab = tabs(loading)[1].match(/id="([^"]+)"/)[1];
  expect(loading).toMatch(new RegExp(`role="tabpanel" aria-labelledby="${sandboxTab}"`));

  const empty = render(<WebhooksPanel />, { path: '/en/account/settings/webhooks?space=sandbox', answers: [[LIST('en', 'sandbox'), { endpoints: [], types: TYPES }]] });
  const words = text(empty);
  expect(empty).toContain('data-testid="webhooks" data-space="sandbox"');
  expect(empty).toContain('data-testid="sandbox-empty"');
  expect(words).toContain('Your sandbox endpoints');
  expect(words).toContain('Your sandbox has no endpoints yet. Endpoints registered with a sandbox key appear here; you can add one here too, below.');
  expect(words).toContain('Sandbox: only the events of the quotes, orders and invoices made with your sandbox keys (lp_test_)');
  // The form is open to add one there.
  expect(empty).toContain('data-testid="webhook-form"');
  expect(words).toContain('New sandbox endpoint');

  const tr = render(<WebhooksPanel />, { path: '/tr/hesabim/ayarlar/webhooklar?space=sandbox', answers: [[LIST('tr', 'sandbox'), { endpoints: [], types: TYPES }]] });
  expect(text(tr)).toContain('Deneme ortamınızda henüz bir uç nokta yok. Bir deneme (sandbox) anahtarıyla kaydedilen uç noktalar burada görünür');
  expect(text(tr)).toContain('Deneme ortamına yeni uç nokta');

  // Listed there: the sandbox's own.
  const sandboxEndpoints = [endpoint({ id: 'we_s1', url: 'https://erp.example.com/hooks/sandbox' })];
  const listed = render(<WebhooksPanel />, {
    path: '/en/account/settings/webhooks?space=sandbox',
    answers: [
      [LIST('en'), { endpoints, types: TYPES }],
      [LIST('en', 'sandbox'), { endpoints: sandboxEndpoints, types: TYPES }],
    ],
  });
  expect(items(listed).map((e) => e.id)).toEqual(['we_s1']);
  expect(listed).not.toContain('data-testid="sandbox-empty"');
});

test('a mail’s link to a sandbox endpoint (?endpoint=&space=sandbox) opens it there, its log asked in the sandbox', () => {
  const sandboxEndpoints = [endpoint({ id: 'we_s1', url: 'https://erp.example.com/hooks/sandbox', disabledAt: '2026-12-01T10:00:00Z', disabledReason: 'gone' })];
  const html = render(<WebhooksPanel />, {
    path: '/en/account/settings/webhooks?endpoint=we_s1&space=sandbox',
    answers: [
      [LIST('en', 'sandbox'), { endpoints: sandboxEndpoints, types: TYPES }],
      [LOG('we_s1', 'en', 'sandbox'), [{ deliveries, next: '' }]],
    ],
  });
  expect(items(html)).toEqual([{ id: 'we_s1', state: 'disabled', open: true }]);
  expect(html).toContain('data-action="enable-endpoint"');
  expect(html.match(/data-delivery-id=/g)).toHaveLength(2);
  // The same link without the space names no live endpoint.
  const live = render(<WebhooksPanel />, { path: '/en/account/settings/webhooks?endpoint=we_s1', answers: [[LIST('en'), { endpoints, types: TYPES }]] });
  expect(text(live)).toContain('The endpoint in the link is no longer in your account');
  const gone = render(<WebhooksPanel />, { path: '/en/account/settings/webhooks?endpoint=we_9&space=sandbox', answers: [[LIST('en', 'sandbox'), { endpoints: sandboxEndpoints, types: TYPES }]] });
  expect(text(gone)).toContain('The endpoint in the link is no longer in your sandbox');
});

test('every call names the sandbox with space=sandbox, and the live space with nothing', async () => {
  const fetch = vi.fn(() => Promise.resolve(new Response(JSON.stringify({ id: 'we_1', endpoints: [], types: [] }), { status: 200 })));
  vi.stubGlobal('fetch', fetch);
  const settings = { url: 'https://x.example', description: '', types: ['order.paid'] };
  for (const space of ['sandbox', 'live']) {
    await createEndpoint(settings, 'en', space);
    await updateEndpoint('we_1', settings, 'en', space);
    await deleteEndpoint('we_1', 'en', space);
    await revealSecret('we_1', 'en', space);
    await rotateSecret('we_1', 'en', space);
    await enableEndpoint('we_1', 'en', space);
    await disableEndpoint('we_1', 'en', space);
    await sendTestEvent('we_1', 'en', space);
    await replayDelivery('we_1', 'msg_1', 'en', space);
  }
  const calls = fetch.mock.calls.map(([url, init]) => `${init.method} ${url}`);
  expect(calls).toEqual([
    'POST /api/v1/auth/webhooks?space=sandbox',
    'PUT /api/v1/auth/webhooks/we_1?space=sandbox',
    'DELETE /api/v1/auth/webhooks/we_1?space=sandbox',
    'GET /api/v1/auth/webhooks/we_1/secret?space=sandbox',
    'POST /api/v1/auth/webhooks/we_1/secret/rotate?space=sandbox',
    'POST /api/v1/auth/webhooks/we_1/enable?space=sandbox',
    'POST /api/v1/auth/webhooks/we_1/disable?space=sandbox',
    'POST /api/v1/auth/webhooks/we_1/test?space=sandbox',
    'POST /api/v1/auth/webhooks/we_1/deliveries/msg_1/replay?space=sandbox',
    'POST /api/v1/auth/webhooks',
    'PUT /api/v1/auth/webhooks/we_1',
    'DELETE /api/v1/auth/webhooks/we_1',
    'GET /api/v1/auth/webhooks/we_1/secret',
    'POST /api/v1/auth/webhooks/we_1/secret/rotate',
    'POST /api/v1/auth/webhooks/we_1/enable',
    'POST /api/v1/auth/webhooks/we_1/disable',
    'POST /api/v1/auth/webhooks/we_1/test',
    'POST /api/v1/auth/webhooks/we_1/deliveries/msg_1/replay',
  ]);
  // The list and the log's pages, the cursor's too.
  expect(LIST('en', 'sandbox')).toEqual(['/api/v1/auth/webhooks?space=sandbox', 'en']);
  const key = deliveriesPageKey('we_1', 'en', 'sandbox');
  expect(key(0, null)).toEqual(['/api/v1/auth/webhooks/we_1/deliveries?space=sandbox', 'en']);
  expect(key(1, { deliveries, next: 'msg_b' })).toEqual(['/api/v1/auth/webhooks/we_1/deliveries?after=msg_b&space=sandbox', 'en']);
  // Any other value of the query is the live space.
  expect(inSpace('/api/v1/auth/webhooks', 'live')).toBe('/api/v1/auth/webhooks');
  expect(inSpace('/api/v1/auth/webhooks', undefined)).toBe('/api/v1/auth/webhooks');
});
