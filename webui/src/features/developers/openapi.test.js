import { expect, test } from 'vitest';
import fixture from './test-openapi.json';
import { anchorOf, curlExample, deref, exampleValue, groupByTag, localized, operationsOf, resolveRef, schemaTree, summaryOf, typeLabel } from './openapi.js';

// test-openapi.json is the gateway's merged document (`gateway openapi` over the services'
// contracts) trimmed to a few of svc-auth's webhook operations. What it does not have yet (a
// Turkish summary, a file upload, a schema that refers to itself, required query and header
// parameters) is added here, the way the services' parts will write it.
function extended() {
  const doc = structuredClone(fixture);
  doc.tags = [{ name: 'Files', 'x-name-tr': 'Dosyalar', description: 'Uploaded files.', 'x-description-tr': 'Yüklenen dosyalar.' }];
  doc.paths['/api/v1/auth/webhooks'].post['x-summary-tr'] = 'Bir uç nokta kaydedin; imzalama anahtarı yanıtta döner';
  doc.paths['/api/v1/orders/files'] = {
    post: {
      operationId: 'uploadFile',
      tags: ['Files'],
      summary: 'Upload a file to be counted and translated',
      'x-summary-tr': 'Sayılacak ve çevrilecek bir dosya yükleyin',
      parameters: [{ $ref: '#/components/parameters/IdempotencyKey' }],
      requestBody: {
        required: true,
        content: {
          'multipart/form-data': {
            schema: {
              type: 'object',
              required: ['file', 'purpose'],
              properties: {
                file: { type: 'string', format: 'binary' },
                purpose: { type: 'string', enum: ['source', 'reference'] },
                note: { type: 'string' },
              },
            },
          },
        },
      },
      responses: { 201: { description: 'The stored file.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Folder' } } } } },
    },
  };
  doc.paths['/api/v1/orders/folders/{folder}'] = {
    parameters: [{ name: 'folder', in: 'path', required: true, schema: { type: 'string' } }],
    get: {
      operationId: 'getFolder',
      summary: 'A folder and the folders below it',
      parameters: [
        { name: 'depth', in: 'query', required: true, schema: { type: 'integer', minimum: 1, maximum: 5 } },
        { name: 'sort', in: 'query', required: false, schema: { type: 'string' } },
        { name: 'X-Tenant', in: 'header', required: true, schema: { type: 'string', example: 'acme' } },
      ],
      responses: { 200: { description: 'The folder.', content: { 'application/json': { schema: { $ref: '#/components/schemas/Folder' } } } } },
    },
  };
  // A folder holds folders and knows its parent: a schema that refers to itself twice.
  doc.components.schemas.Folder = {
    type: 'object',
    required: ['id', 'name', 'children'],
    properties: {
      id: { type: 'string' },
      name: { type: 'string', description: 'The folder’s name.', 'x-description-tr': 'Klasörün adı.' },
      createdAt: { type: 'string', format: 'date-time' },
      parent: { $ref: '#/components/schemas/Folder' },
      children: { type: 'array', items: { $ref: '#/components/schemas/Folder' } },
      owner: { $ref: '#/components/schemas/Owner' },
    },
  };
  // Two schemas that refer to each other through allOf.
  doc.components.schemas.Owner = { allOf: [{ $ref: '#/components/schemas/Person' }, { type: 'object', properties: { folders: { type: 'array', items: { $ref: '#/components/schemas/Folder' } } } }] };
  doc.components.schemas.Person = { type: 'object', required: ['email'], properties: { email: { type: 'string', format: 'email' }, manager: { $ref: '#/components/schemas/Owner' } } };
  return doc;
}

const byId = (doc, id) => operationsOf(doc).find((op) => op.id === id);
const prop = (node, name) => node.properties.find((p) => p.name === name);

test('the fixture is the gateway’s OpenAPI 3.0.3 document with the webhooks operations', () => {
  expect(fixture.openapi).toBe('3.0.3');
  expect(operationsOf(fixture).map((op) => `${op.method.toUpperCase()} ${op.path}`)).toEqual([
    'GET /api/v1/auth/webhooks',
    'POST /api/v1/auth/webhooks',
    'GET /api/v1/auth/webhooks/{id}',
    'PUT /api/v1/auth/webhooks/{id}',
    'DELETE /api/v1/auth/webhooks/{id}',
    'GET /api/v1/auth/webhooks/{id}/deliveries',
    'POST /api/v1/auth/webhooks/{id}/secret/rotate',
  ]);
});

test('references resolve, with ~1 for a slash; a loop or a dangling reference resolves to nothing', () => {
  expect(resolveRef(fixture, '#/components/schemas/AuthWebhookType').enum).toContain('quote.ready');
  expect(resolveRef({ paths: { '/a/b': { ok: 1 } } }, '#/paths/~1a~1b').ok).toBe(1);
  expect(resolveRef(fixture, '#/components/schemas/Nope')).toBeUndefined();
  expect(resolveRef(fixture, 'https://example.com/x.json')).toBeUndefined();
  const loop = { components: { parameters: { A: { $ref: '#/components/parameters/B' }, B: { $ref: '#/components/parameters/A' } } } };
  expect(deref(loop, { $ref: '#/components/parameters/A' })).toBeUndefined();
});

test('an operation has its path item’s parameters and its own, references resolved, and its success answer', () => {
  const create = byId(fixture, 'createWebhookEndpoint');
  expect(create.anchor).toBe('op-createWebhookEndpoint');
  expect(create.parameters.map((p) => `${p.in}:${p.name}`)).toEqual(['header:Idempotency-Key']);
  expect(create.body).toMatchObject({ required: true, contentType: 'application/json', schema: { $ref: '#/components/schemas/AuthWebhookSettings' } });
  expect(create.success).toMatchObject({ status: '201', description: 'The endpoint and its secret.', contentType: 'application/json' });
  const deliveries = byId(fixture, 'listWebhookDeliveries');
  expect(deliveries.parameters.map((p) => `${p.in}:${p.name}:${p.required === true}`)).toEqual(['path:id:true', 'query:after:false']);
  const remove = byId(fixture, 'deleteWebhookEndpoint');
  expect(remove.success).toMatchObject({ status: '204', schema: null });
  expect(remove.body).toBeNull();
  // Without an operationId, one is made of the method and path.
  const doc = { paths: { '/api/v1/x/{id}': { get: { responses: {} } } } };
  expect(operationsOf(doc)[0].id).toBe('get-api-v1-x-id');
  expect(anchorOf('a.b c')).toBe('op-a-b-c');
});

test('operations are grouped by their first tag, declared tags first, untagged ones last; tags and summaries in Turkish when given', () => {
  const doc = extended();
  expect(groupByTag(fixture, 'en').map((g) => [g.tag, g.anchor, g.operations.length])).toEqual([['Webhooks', 'tag-webhooks', 7]]);
  const tr = groupByTag(doc, 'tr');
  expect(tr.map((g) => [g.tag, g.name, g.operations.length])).toEqual([
    ['Files', 'Dosyalar', 1],
    ['Webhooks', 'Webhooks', 7],
    ['', '', 1],
  ]);
  expect(tr[0].description).toBe('Yüklenen dosyalar.');
  expect(groupByTag(doc, 'en')[0]).toMatchObject({ name: 'Files', description: 'Uploaded files.' });
  expect(tr[2].anchor).toBe('tag-other');
});

test('a summary is x-summary-tr in Turkish when present, else the English summary', () => {
  const doc = extended();
  const create = byId(doc, 'createWebhookEndpoint').op;
  expect(summaryOf(create, 'tr')).toBe('Bir uç nokta kaydedin; imzalama anahtarı yanıtta döner');
  expect(summaryOf(create, 'en')).toBe('Register an endpoint; its signing secret is answered');
  const list = byId(doc, 'listWebhookEndpoints').op;
  expect(summaryOf(list, 'tr')).toBe('The customer\'s webhook endpoints and the event types they can pick');
  expect(summaryOf({ summary: 'x', 'x-summary-tr': '  ' }, 'tr')).toBe('x');
  expect(summaryOf({}, 'tr')).toBe('');
  expect(localized(null, 'summary', 'tr')).toBe('');
});

test('a schema tree resolves references and merges allOf: types, required, nullable, enums and descriptions', () => {
  const tree = schemaTree(fixture, { $ref: '#/components/schemas/AuthWebhookEndpointWithSecret' }, 'en');
  expect(tree).toMatchObject({ label: 'AuthWebhookEndpointWithSecret', ref: 'AuthWebhookEndpointWithSecret', type: 'object' });
  expect(tree.properties.map((p) => p.name)).toEqual(['createdAt', 'description', 'disabledAt', 'disabledReason', 'failingSince', 'id', 'secretsValid', 'types', 'updatedAt', 'url', 'secret']);
  expect(prop(tree, 'secret')).toMatchObject({ required: true, node: { label: 'string', description: 'whsec_ and the base64 of 32 bytes.' } });
  expect(prop(tree, 'disabledAt')).toMatchObject({ required: true, node: { label: 'string (date-time)', nullable: true } });
  expect(prop(tree, 'disabledReason')).toMatchObject({ required: false, node: { enum: ['owner', 'gone', 'failing', 'closed'] } });
  const types = prop(tree, 'types').node;
  expect(types.label).toBe('AuthWebhookType[]');
  expect(types.items).toMatchObject({ label: 'AuthWebhookType', ref: 'AuthWebhookType', type: 'string' });
  expect(types.items.enum).toHaveLength(10);
  // Nested arrays of objects: a page of deliveries, each with its attempts.
  const page = schemaTree(fixture, { $ref: '#/components/schemas/AuthWebhookDeliveryPage' }, 'en');
  const delivery = prop(page, 'deliveries').node.items;
  expect(delivery.label).toBe('AuthWebhookDelivery');
  expect(prop(prop(delivery, 'attempts').node.items, 'timestamp').node).toMatchObject({ label: 'integer (int64)', description: 'The webhook-timestamp header sent.' });
  // Constraints and a map's values.
  const settings = schemaTree(fixture, { $ref: '#/components/schemas/AuthWebhookSettings' }, 'en');
  expect(prop(settings, 'url').node.constraints).toEqual([['maxLength', 2000]]);
  expect(prop(settings, 'types').node.constraints).toEqual([['minItems', 1]]);
  const error = prop(schemaTree(fixture, { $ref: '#/components/schemas/Error' }, 'en'), 'error').node;
  expect(prop(error, 'fields').node.label).toBe('{ [key]: string }');
  expect(typeLabel(null)).toBe('any');
  // A reference given a description of its own through a one-part allOf keeps its type and values.
  const wrapped = { components: { schemas: { T: { type: 'string', enum: ['a', 'b'] } } } };
  expect(schemaTree(wrapped, { allOf: [{ $ref: '#/components/schemas/T' }], description: 'Which one.' })).toMatchObject({ label: 'T', type: 'string', enum: ['a', 'b'], description: 'Which one.' });
  expect(exampleValue(wrapped, { allOf: [{ $ref: '#/components/schemas/T' }] })).toBe('a');
});

test('a schema that refers to itself is drawn once, the reference below it marked as a cycle', () => {
  const doc = extended();
  const folder = schemaTree(doc, { $ref: '#/components/schemas/Folder' }, 'tr');
  expect(prop(folder, 'name').node.description).toBe('Klasörün adı.');
  expect(prop(folder, 'parent').node).toMatchObject({ label: 'Folder', cycle: true, properties: [] });
  expect(prop(folder, 'children').node.label).toBe('Folder[]');
  expect(prop(folder, 'children').node.items).toMatchObject({ label: 'Folder', cycle: true });
  // Folder → Owner (allOf Person) → Person.manager → Owner again, and Owner.folders → Folder again.
  const owner = prop(folder, 'owner').node;
  expect(owner).toMatchObject({ label: 'Owner', cycle: false });
  expect(owner.properties.map((p) => p.name)).toEqual(['email', 'manager', 'folders']);
  expect(prop(owner, 'email')).toMatchObject({ required: true });
  expect(prop(owner, 'manager').node).toMatchObject({ label: 'Owner', cycle: true });
  expect(prop(owner, 'folders').node.items).toMatchObject({ label: 'Folder', cycle: true });
  // In English the description is the document's own.
  expect(prop(schemaTree(doc, { $ref: '#/components/schemas/Folder' }, 'en'), 'name').node.description).toBe('The folder’s name.');
  // A schema whose allOf refers to itself ends too.
  const selfish = { components: { schemas: { A: { allOf: [{ $ref: '#/components/schemas/A' }, { properties: { x: { type: 'string' } } }] } } } };
  expect(schemaTree(selfish, { $ref: '#/components/schemas/A' }).properties.map((p) => p.name)).toEqual(['x']);
});

test('an example body has the required fields, by example, enum, format and type; cycles end', () => {
  expect(exampleValue(fixture, { $ref: '#/components/schemas/AuthWebhookSettings' })).toEqual({ url: 'https://example.com/linguaport', types: ['quote.ready'] });
  expect(exampleValue(fixture, { $ref: '#/components/schemas/AuthWebhookType' })).toBe('quote.ready');
  expect(exampleValue(fixture, { $ref: '#/components/schemas/Error' })).toEqual({ error: { code: 'code', message: 'message' } });
  expect(
    exampleValue(fixture, {
      type: 'object',
      required: ['when', 'day', 'count', 'price', 'ok', 'email', 'tags', 'given', 'fallback', 'pick'],
      properties: {
        when: { type: 'string', format: 'date-time' },
        day: { type: 'string', format: 'date' },
        count: { type: 'integer', minimum: 5 },
        price: { type: 'number' },
        ok: { type: 'boolean' },
        email: { type: 'string' },
        tags: { type: 'array', minItems: 2, items: { type: 'string', enum: ['a', 'b'] } },
        given: { type: 'string', example: 'LP-2026-0042' },
        fallback: { type: 'integer', default: 20 },
        pick: { oneOf: [{ type: 'string', format: 'uuid' }, { type: 'integer' }] },
        optional: { type: 'string' },
      },
    }),
  ).toEqual({
    when: '2026-12-01T09:00:00Z',
    day: '2026-12-01',
    count: 5,
    price: 1,
    ok: true,
    email: 'name@example.com',
    tags: ['a', 'a'],
    given: 'LP-2026-0042',
    fallback: 20,
    pick: '3f1e6c2a-8b4d-4f0e-9a7c-2d5b1e8f6a90',
  });
  // An object that names nothing as required shows all of its properties.
  expect(exampleValue(fixture, { type: 'object', properties: { a: { type: 'integer' }, b: { type: 'string' } } })).toEqual({ a: 1, b: 'b' });
  // A folder's children are folders: the example stops where the schema repeats.
  const doc = extended();
  expect(exampleValue(doc, { $ref: '#/components/schemas/Folder' })).toEqual({ id: 'id', name: 'name', children: [] });
  expect(exampleValue(doc, { $ref: '#/components/schemas/Owner' })).toEqual({ email: 'name@example.com' });
});

test('curl: a JSON POST has the key, Content-Type, an Idempotency-Key and an example body', () => {
  const origin = 'https://www.linguaport.com';
  expect(curlExample(fixture, byId(fixture, 'createWebhookEndpoint'), origin)).toBe(
    [
      'curl -X POST "https://www.linguaport.com/api/v1/auth/webhooks"',
      '-H "Authorization: Bearer lp_live_…"',
      '-H "Content-Type: application/json"',
      '-H "Idempotency-Key: <uuid>"',
      '-d \'{"url":"https://example.com/linguaport","types":["quote.ready"]}\'',
    ].join(' \\\n  '),
  );
});

test('curl: a GET has no -X, no body and no Idempotency-Key; path parameters are placeholders', () => {
  const origin = 'http://127.0.0.1:8000/';
  expect(curlExample(fixture, byId(fixture, 'listWebhookEndpoints'), origin)).toBe('curl "http://127.0.0.1:8000/api/v1/auth/webhooks" \\\n  -H "Authorization: Bearer lp_live_…"');
  expect(curlExample(fixture, byId(fixture, 'listWebhookDeliveries'), origin)).toBe('curl "http://127.0.0.1:8000/api/v1/auth/webhooks/<id>/deliveries" \\\n  -H "Authorization: Bearer lp_live_…"');
  expect(curlExample(fixture, byId(fixture, 'deleteWebhookEndpoint'), origin)).toBe('curl -X DELETE "http://127.0.0.1:8000/api/v1/auth/webhooks/<id>" \\\n  -H "Authorization: Bearer lp_live_…"');
  // A PUT sends its body, but only POSTs take an Idempotency-Key.
  const put = curlExample(fixture, byId(fixture, 'updateWebhookEndpoint'), origin);
  expect(put).toContain('-X PUT "http://127.0.0.1:8000/api/v1/auth/webhooks/<id>"');
  expect(put).toContain('-H "Content-Type: application/json"');
  expect(put).not.toContain('Idempotency-Key');
  // A POST without a body still takes an Idempotency-Key, and no Content-Type.
  const rotate = curlExample(fixture, byId(fixture, 'rotateWebhookSecret'), origin);
  expect(rotate).toBe('curl -X POST "http://127.0.0.1:8000/api/v1/auth/webhooks/<id>/secret/rotate" \\\n  -H "Authorization: Bearer lp_live_…" \\\n  -H "Idempotency-Key: <uuid>"');
  // Required query and header parameters are filled in; optional ones left out.
  const doc = extended();
  expect(curlExample(doc, byId(doc, 'getFolder'), 'https://x.test')).toBe(
    'curl "https://x.test/api/v1/orders/folders/<folder>?depth=1" \\\n  -H "Authorization: Bearer lp_live_…" \\\n  -H "X-Tenant: acme"',
  );
});

test('curl: a multipart upload sends the file with -F and no JSON Content-Type', () => {
  const doc = extended();
  const curl = curlExample(doc, byId(doc, 'uploadFile'), 'https://www.linguaport.com');
  expect(curl).toBe(
    [
      'curl -X POST "https://www.linguaport.com/api/v1/orders/files"',
      '-H "Authorization: Bearer lp_live_…"',
      '-H "Idempotency-Key: <uuid>"',
      '-F file=@document.docx',
      '-F purpose=source',
    ].join(' \\\n  '),
  );
  expect(curl).not.toContain('Content-Type');
});

test('curl: a long body is indented, quotes are escaped for the shell', () => {
  const doc = {
    paths: {
      '/api/v1/notes': {
        post: {
          operationId: 'note',
          requestBody: {
            content: {
              'application/json': {
                schema: { type: 'object', required: ['text', 'author'], properties: { text: { type: 'string', example: "It's \"done\" and $HOME stays" }, author: { type: 'string', example: 'A. Long Name To Make The Body Longer Than The Line' } } },
              },
            },
          },
          responses: { 204: { description: 'Saved.' } },
        },
      },
    },
  };
  const curl = curlExample(doc, operationsOf(doc)[0], 'https://x.test');
  expect(curl).toContain(`-d '{\n  "text": "It'\\''s \\"done\\" and $HOME stays",\n  "author": "A. Long Name To Make The Body Longer Than The Line"\n}'`);
});
