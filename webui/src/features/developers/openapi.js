// Reading the public API's OpenAPI 3.0.3 document (GET /api/v1/openapi.json, merged by the
// gateway from the services' parts) for the developers' page: its operations grouped by tag,
// each schema as a tree to draw (references resolved, cycles cut), an example value built from
// a schema and a curl command per operation. Pure: no React, no fetching, no words of the page.

export const OPENAPI_URL = '/api/v1/openapi.json';

// The methods drawn, in the order an operation's methods are listed under its path.
const METHODS = ['get', 'post', 'put', 'patch', 'delete'];

// Past this depth a schema is not drawn further (a document's schemas are a few levels deep; this
// only stops a pathological one).
const MAX_DEPTH = 12;

/** resolveRef is what a local reference ("#/components/schemas/X") points at in doc, or undefined. */
export function resolveRef(doc, ref) {
  if (typeof ref !== 'string' || !ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((part) => part.replaceAll('~1', '/').replaceAll('~0', '~'))
    .reduce((node, key) => (node && typeof node === 'object' ? node[key] : undefined), doc);
}

/** refName is the last segment of a reference: "#/components/schemas/AuthWebhookType" → "AuthWebhookType". */
export const refName = (ref) => String(ref).split('/').pop();

/** deref follows an object's $ref chain (a parameter, a response, a request body) to the object itself; undefined on a loop or a dangling reference. */
export function deref(doc, obj) {
  const seen = new Set();
  let node = obj;
  while (node && typeof node === 'object' && typeof node.$ref === 'string') {
    if (seen.has(node.$ref)) return undefined;
    seen.add(node.$ref);
    node = resolveRef(doc, node.$ref);
  }
  return node;
}

/**
 * localized is obj's field in lang: in Turkish its x-<field>-tr extension when it has one
 * (x-summary-tr, x-description-tr), else the document's own (English) field.
 */
export function localized(obj, field, lang) {
  if (!obj || typeof obj !== 'object') return '';
  if (lang === 'tr') {
    const tr = obj[`x-${field}-tr`];
    if (typeof tr === 'string' && tr.trim()) return tr;
  }
  return typeof obj[field] === 'string' ? obj[field] : '';
}

/** summaryOf is an operation's summary in lang (x-summary-tr in Turkish when present). */
export const summaryOf = (op, lang) => localized(op, 'summary', lang);

/** operationIdOf is the operation's operationId, or one made of its method and path. */
export function operationIdOf(method, path, op) {
  if (typeof op?.operationId === 'string' && op.operationId) return op.operationId;
  const slug = path.replace(/[{}]/g, '').replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');
  return `${method}-${slug}`;
}

/** anchorOf is the id of an operation's block on the page: op-<operationId>. */
export const anchorOf = (id) => `op-${String(id).replace(/[^A-Za-z0-9_-]/g, '-')}`;

/** tagAnchorOf is the id of a tag's section: tag-<tag in lower case>. */
export const tagAnchorOf = (tag) => `tag-${String(tag).toLowerCase().replace(/[^a-z0-9_-]+/g, '-')}`;

// The parameters of an operation: the path item's, overridden by the operation's of the same name and place.
function parametersOf(doc, pathItem, op) {
  const byKey = new Map();
  for (const p of [...(pathItem.parameters ?? []), ...(op.parameters ?? [])]) {
    const param = deref(doc, p);
    if (!param?.name || !param.in) continue;
    byKey.set(`${param.in}:${param.name}`, param);
  }
  const order = { path: 0, query: 1, header: 2, cookie: 3 };
  return [...byKey.values()].sort((a, b) => (order[a.in] ?? 9) - (order[b.in] ?? 9));
}

// The request body: JSON first, then a multipart form, then whatever the document names first.
function bodyOf(doc, op) {
  const body = deref(doc, op.requestBody);
  if (!body?.content) return null;
  const types = Object.keys(body.content);
  const contentType = types.find((t) => /json/i.test(t)) ?? types.find((t) => /^multipart\/form-data/i.test(t)) ?? types[0];
  if (!contentType) return null;
  return { required: body.required === true, description: body.description ?? '', contentType, schema: body.content[contentType]?.schema ?? null, raw: body };
}

// The success answer: the lowest 2xx (or 2XX) the operation documents.
function successOf(doc, op) {
  const codes = Object.keys(op.responses ?? {})
    .filter((code) => /^2(\d\d|XX)$/i.test(code))
    .sort();
  if (!codes.length) return null;
  const response = deref(doc, op.responses[codes[0]]) ?? {};
  const types = Object.keys(response.content ?? {});
  const contentType = types.find((t) => /json/i.test(t)) ?? types[0] ?? '';
  return { status: codes[0], description: response.description ?? '', raw: response, contentType, schema: contentType ? response.content[contentType]?.schema ?? null : null };
}

/**
 * operationsOf lists the document's operations in its order (paths as given, methods get, post,
 * put, patch, delete): { id, anchor, method, path, tags, op, parameters, body, success }, with
 * parameters, the request body and the success answer resolved.
 */
export function operationsOf(doc) {
  const out = [];
  for (const [path, rawItem] of Object.entries(doc?.paths ?? {})) {
    const pathItem = deref(doc, rawItem) ?? {};
    for (const method of METHODS) {
      const op = pathItem[method];
      if (!op || typeof op !== 'object') continue;
      const id = operationIdOf(method, path, op);
      out.push({
        id,
        anchor: anchorOf(id),
        method,
        path,
        tags: Array.isArray(op.tags) && op.tags.length ? op.tags : [''],
        op,
        parameters: parametersOf(doc, pathItem, op),
        body: bodyOf(doc, op),
        success: successOf(doc, op),
      });
    }
  }
  return out;
}

/**
 * groupByTag is the operations under their first tag: the document's tags in its order (its
 * tags list, then the order tags first appear), operations without a tag last under the tag ''.
 * Each group is { tag, anchor, name, description, operations }, name and description in lang
 * (a tag's x-name-tr and x-description-tr in Turkish).
 */
export function groupByTag(doc, lang, operations = operationsOf(doc)) {
  const declared = new Map((doc?.tags ?? []).filter((t) => t?.name).map((t) => [t.name, t]));
  const groups = new Map();
  for (const name of declared.keys()) groups.set(name, []);
  for (const op of operations) {
    const tag = op.tags[0] ?? '';
    if (!groups.has(tag)) groups.set(tag, []);
    groups.get(tag).push(op);
  }
  if (groups.has('')) {
    const untagged = groups.get('');
    groups.delete('');
    groups.set('', untagged);
  }
  return [...groups.entries()]
    .filter(([, ops]) => ops.length)
    .map(([tag, ops]) => {
      const info = declared.get(tag);
      return { tag, anchor: tagAnchorOf(tag || 'other'), name: localized(info, 'name', lang) || tag, description: localized(info, 'description', lang), operations: ops };
    });
}

// Merges an allOf's parts into one object schema (properties and required lists), following
// references; refs on the way are added to seen so a part that refers back is skipped.
function mergeAllOf(doc, schema, stack) {
  const merged = { type: 'object', properties: {}, required: [] };
  let description = schema.description ?? '';
  let nullable = schema.nullable === true;
  const add = (part, refs) => {
    let node = part;
    let seen = refs;
    if (node?.$ref) {
      if (seen.includes(node.$ref)) return;
      seen = [...seen, node.$ref];
      node = resolveRef(doc, node.$ref);
    }
    if (!node || typeof node !== 'object') return;
    if (!description && node.description) description = node.description;
    if (node.nullable === true) nullable = true;
    for (const sub of node.allOf ?? []) add(sub, seen);
    Object.assign(merged.properties, node.properties ?? {});
    for (const name of node.required ?? []) if (!merged.required.includes(name)) merged.required.push(name);
    if (node.additionalProperties !== undefined) merged.additionalProperties = node.additionalProperties;
  };
  for (const part of schema.allOf) add(part, stack);
  Object.assign(merged.properties, schema.properties ?? {});
  for (const name of schema.required ?? []) if (!merged.required.includes(name)) merged.required.push(name);
  return { ...merged, description, nullable };
}

// The constraints worth showing beside a type, as [keyword, value].
const CONSTRAINTS = ['minLength', 'maxLength', 'pattern', 'minimum', 'maximum', 'exclusiveMinimum', 'exclusiveMaximum', 'minItems', 'maxItems', 'uniqueItems', 'default'];

/**
 * schemaTree turns a schema into a tree to draw: { label, type, ref, format, nullable, enum,
 * description, constraints, properties: [{ name, required, node }], items, additional,
 * variants: { kind, nodes }, cycle }. References are resolved (ref names the component); a
 * reference met again below itself is a node with cycle: true and nothing below it. Descriptions
 * are in lang (x-description-tr in Turkish when present).
 */
export function schemaTree(doc, schema, lang = 'en', stack = [], depth = 0) {
  if (!schema || typeof schema !== 'object') return { label: 'any', type: 'any', constraints: [], properties: [] };
  let node = schema;
  let ref = null;
  let refs = stack;
  if (typeof node.$ref === 'string') {
    ref = refName(node.$ref);
    if (refs.includes(node.$ref)) return { label: ref, type: 'object', ref, cycle: true, constraints: [], properties: [] };
    refs = [...refs, node.$ref];
    node = resolveRef(doc, node.$ref);
    if (!node || typeof node !== 'object') return { label: ref, type: 'any', ref, constraints: [], properties: [] };
    // A reference to a reference.
    if (typeof node.$ref === 'string') {
      const inner = schemaTree(doc, node, lang, refs, depth);
      return { ...inner, ref, label: ref };
    }
  }
  const description = localized(node, 'description', lang);
  // allOf of one part is that part with a description of its own (a reference cannot have one beside it).
  if (Array.isArray(node.allOf) && node.allOf.length === 1 && !node.properties) {
    const inner = schemaTree(doc, node.allOf[0], lang, refs, depth);
    return { ...inner, ref: ref ?? inner.ref, label: ref ?? inner.label, description: description || inner.description, nullable: inner.nullable || node.nullable === true };
  }
  if (Array.isArray(node.allOf) && node.allOf.length) {
    const merged = mergeAllOf(doc, node, refs);
    const tree = schemaTree(doc, { ...merged, description: localized(node, 'description', lang) || merged.description }, lang, refs, depth);
    return { ...tree, ref, label: ref ?? tree.label };
  }
  // OpenAPI 3.1 writes a nullable type as ['string', 'null'].
  const types = Array.isArray(node.type) ? node.type : [node.type];
  const out = {
    label: '',
    type: types.find((x) => x && x !== 'null') ?? (node.properties ? 'object' : node.items ? 'array' : 'any'),
    ref,
    format: node.format ?? '',
    nullable: node.nullable === true || types.includes('null'),
    enum: Array.isArray(node.enum) ? node.enum : null,
    description,
    constraints: CONSTRAINTS.filter((k) => node[k] !== undefined).map((k) => [k, node[k]]),
    properties: [],
    items: null,
    additional: null,
    variants: null,
    cycle: false,
  };
  if (depth >= MAX_DEPTH) return { ...out, label: ref ?? out.type, cycle: true };
  const variantKind = ['oneOf', 'anyOf'].find((k) => Array.isArray(node[k]) && node[k].length);
  if (variantKind) {
    out.variants = { kind: variantKind, nodes: node[variantKind].map((s) => schemaTree(doc, s, lang, refs, depth + 1)) };
    if (!node.type) out.type = variantKind;
  }
  if (out.type === 'array') {
    out.items = schemaTree(doc, node.items, lang, refs, depth + 1);
  }
  if (node.properties && typeof node.properties === 'object') {
    const required = new Set(node.required ?? []);
    out.properties = Object.entries(node.properties).map(([name, sub]) => ({ name, required: required.has(name), node: schemaTree(doc, sub, lang, refs, depth + 1) }));
  }
  if (node.additionalProperties && typeof node.additionalProperties === 'object') {
    out.additional = schemaTree(doc, node.additionalProperties, lang, refs, depth + 1);
  } else if (node.additionalProperties === true) {
    out.additional = { label: 'any', type: 'any', constraints: [], properties: [] };
  }
  out.label = ref ?? typeLabel(out);
  return out;
}

/** typeLabel is a node's type as developers write it: string (date-time), AuthWebhookType[], { [key]: string }. */
export function typeLabel(node) {
  if (!node) return 'any';
  if (node.ref) return node.ref;
  if (node.type === 'array') return `${node.items ? typeLabel(node.items) : 'any'}[]`;
  if (node.type === 'object' && node.additional && !node.properties?.length) return `{ [key]: ${typeLabel(node.additional)} }`;
  return node.format ? `${node.type} (${node.format})` : node.type;
}

// Example values by format, then by a property's name, for strings without an example.
const FORMAT_EXAMPLES = {
  'date-time': '2026-12-01T09:00:00Z',
  date: '2026-12-01',
  time: '09:00:00',
  email: 'name@example.com',
  uri: 'https://example.com/linguaport',
  url: 'https://example.com/linguaport',
  uuid: '3f1e6c2a-8b4d-4f0e-9a7c-2d5b1e8f6a90',
  byte: 'aGVsbG8=',
  password: 'secret',
  ipv4: '192.0.2.1',
  hostname: 'example.com',
};
function stringExample(name, schema) {
  if (FORMAT_EXAMPLES[schema.format]) return FORMAT_EXAMPLES[schema.format];
  const n = String(name ?? '').toLowerCase();
  if (/(^|_)(url|uri)$|url$/i.test(n)) return 'https://example.com/linguaport';
  if (/email$/.test(n)) return 'name@example.com';
  if (/(^|[a-z])(lang|language)$/.test(n)) return 'en';
  if (/currency$/.test(n)) return 'TRY';
  const text = name ? String(name) : 'string';
  return schema.minLength > text.length ? text.padEnd(schema.minLength, 'x') : text;
}
function numberExample(schema, integer) {
  let v = schema.minimum ?? (schema.exclusiveMinimum === true ? undefined : schema.exclusiveMinimum) ?? 1;
  if (typeof v !== 'number') v = 1;
  if (schema.exclusiveMinimum === true || (typeof schema.exclusiveMinimum === 'number' && schema.minimum === undefined)) v += 1;
  if (typeof schema.maximum === 'number' && v > schema.maximum) v = schema.maximum;
  return integer ? Math.round(v) : v;
}

/**
 * exampleValue builds an example of schema: its example or default when given, the first of an
 * enum, a value by type and format (and by the property's name: url, email); an object with its
 * required properties (all of them when it names none as required), an array with as many
 * items as minItems asks (at least one). A reference met again below itself is cut short (an
 * object is {}, an array []), so a cycle ends.
 */
export function exampleValue(doc, schema, { name = '', stack = [], depth = 0 } = {}) {
  if (!schema || typeof schema !== 'object') return null;
  let node = schema;
  let refs = stack;
  while (typeof node?.$ref === 'string') {
    if (refs.includes(node.$ref)) return null;
    refs = [...refs, node.$ref];
    node = resolveRef(doc, node.$ref);
  }
  if (!node || typeof node !== 'object' || depth > MAX_DEPTH) return null;
  if (node.example !== undefined) return node.example;
  if (node.default !== undefined) return node.default;
  if (Array.isArray(node.enum) && node.enum.length) return node.enum.find((v) => v !== null) ?? node.enum[0];
  if (Array.isArray(node.allOf) && node.allOf.length === 1 && !node.properties) return exampleValue(doc, node.allOf[0], { name, stack: refs, depth: depth + 1 });
  if (Array.isArray(node.allOf) && node.allOf.length) return exampleValue(doc, mergeAllOf(doc, node, refs), { name, stack: refs, depth });
  const variant = node.oneOf ?? node.anyOf;
  if (Array.isArray(variant) && variant.length) return exampleValue(doc, variant[0], { name, stack: refs, depth: depth + 1 });
  const type = (Array.isArray(node.type) ? node.type.find((x) => x !== 'null') : node.type) ?? (node.properties ? 'object' : node.items ? 'array' : 'string');
  switch (type) {
    case 'string':
      return node.format === 'binary' ? '@document.docx' : stringExample(name, node);
    case 'integer':
      return numberExample(node, true);
    case 'number':
      return numberExample(node, false);
    case 'boolean':
      return true;
    case 'array': {
      const item = exampleValue(doc, node.items, { name: singular(name), stack: refs, depth: depth + 1 });
      if (item === null) return [];
      return Array.from({ length: Math.max(1, node.minItems ?? 1) }, () => item);
    }
    case 'object': {
      const props = node.properties ?? {};
      const required = (node.required ?? []).filter((k) => k in props);
      const names = required.length ? required : Object.keys(props);
      const out = {};
      for (const key of names) {
        const v = exampleValue(doc, props[key], { name: key, stack: refs, depth: depth + 1 });
        if (v !== null) out[key] = v;
      }
      return out;
    }
    default:
      return null;
  }
}
const singular = (name) => String(name ?? '').replace(/ies$/, 'y').replace(/s$/, '');

// Shell quoting: double quotes for the URL and headers, single quotes for a JSON body.
const dq = (s) => `"${String(s).replace(/(["\\$`])/g, '\\$1')}"`;
const sq = (s) => `'${String(s).replaceAll("'", "'\\''")}'`;

/** API_KEY_PLACEHOLDER is what stands for the reader's key in the examples. */
export const API_KEY_PLACEHOLDER = 'lp_live_…';
/** IDEMPOTENCY_PLACEHOLDER stands for a key the reader makes anew for each POST (a UUID). */
export const IDEMPOTENCY_PLACEHOLDER = '<uuid>';

// Headers the example sets itself, never from the operation's parameters.
const OWN_HEADERS = new Set(['authorization', 'content-type', 'idempotency-key', 'accept-language', 'cookie']);

// A parameter's example in the URL: its example or enum's first, a required one's placeholder.
function paramExample(doc, param) {
  const schema = deref(doc, param.schema) ?? {};
  const given = param.example ?? schema.example ?? schema.default ?? (Array.isArray(schema.enum) ? schema.enum[0] : undefined);
  if (given !== undefined) return String(given);
  if (param.in === 'path') return `<${param.name}>`;
  const v = exampleValue(doc, param.schema, { name: param.name });
  return v === null || typeof v === 'object' ? `<${param.name}>` : String(v);
}

// The fields of a multipart form: the required ones and every file (format binary), files as @file.
function formFields(doc, schema) {
  let node = schema;
  const seen = new Set();
  while (node?.$ref && !seen.has(node.$ref)) {
    seen.add(node.$ref);
    node = resolveRef(doc, node.$ref);
  }
  if (node?.allOf) node = mergeAllOf(doc, node, []);
  const props = node?.properties ?? {};
  const required = new Set(node?.required ?? []);
  const fields = [];
  for (const [name, raw] of Object.entries(props)) {
    const prop = deref(doc, raw) ?? {};
    const binary = prop.format === 'binary' || (prop.type === 'array' && (deref(doc, prop.items) ?? {}).format === 'binary');
    if (!binary && !required.has(name)) continue;
    if (binary) {
      fields.push(`${name}=@document.docx`);
      continue;
    }
    const v = exampleValue(doc, raw, { name });
    fields.push(`${name}=${v !== null && typeof v === 'object' ? JSON.stringify(v) : v}`);
  }
  if (!fields.length) fields.push('file=@document.docx');
  return fields;
}

/**
 * curlExample is a curl command calling operation (one of operationsOf) on origin: the method
 * (-X unless GET), the URL with its path parameters as <name> and the required query
 * parameters, the API key, Content-Type and an example body built from the request's schema
 * (a JSON body with -d, a multipart form with -F and files as @document.docx), an
 * Idempotency-Key on every POST, and the other required headers. Lines end with " \" so the
 * command pastes into a shell as is.
 */
export function curlExample(doc, operation, origin = '') {
  const { method, path, parameters = [], body } = operation;
  const base = String(origin).replace(/\/$/, '');
  let url = base + path.replace(/\{([^}]+)\}/g, (whole, name) => {
    const param = parameters.find((p) => p.in === 'path' && p.name === name);
    return param ? paramExample(doc, param) : `<${name}>`;
  });
  const query = parameters.filter((p) => p.in === 'query' && p.required).map((p) => `${encodeURIComponent(p.name)}=${paramExample(doc, p)}`);
  if (query.length) url += `?${query.join('&')}`;
  const upper = method.toUpperCase();
  const lines = [`curl ${upper === 'GET' ? '' : `-X ${upper} `}${dq(url)}`];
  lines.push(`-H ${dq(`Authorization: Bearer ${API_KEY_PLACEHOLDER}`)}`);
  const multipart = body && /^multipart\/form-data/i.test(body.contentType);
  const json = body && /json/i.test(body.contentType);
  if (json) lines.push(`-H ${dq(`Content-Type: ${body.contentType}`)}`);
  else if (body && !multipart) lines.push(`-H ${dq(`Content-Type: ${body.contentType}`)}`);
  if (upper === 'POST') lines.push(`-H ${dq(`Idempotency-Key: ${IDEMPOTENCY_PLACEHOLDER}`)}`);
  for (const p of parameters) {
    if (p.in !== 'header' || !p.required || OWN_HEADERS.has(p.name.toLowerCase())) continue;
    lines.push(`-H ${dq(`${p.name}: ${paramExample(doc, p)}`)}`);
  }
  if (json) {
    const value = exampleValue(doc, body.schema) ?? {};
    const compact = JSON.stringify(value);
    lines.push(`-d ${sq(compact.length > 72 ? JSON.stringify(value, null, 2) : compact)}`);
  } else if (multipart) {
    for (const field of formFields(doc, body.schema)) lines.push(`-F ${/[\s"'$`\\]/.test(field) ? dq(field) : field}`);
  } else if (body) {
    lines.push('--data-binary @document.docx');
  }
  return lines.join(' \\\n  ');
}

/** documentSummary is what the page says of a document: its OpenAPI version, title and API version. */
export const documentSummary = (doc) => ({ openapi: doc?.openapi ?? '', title: doc?.info?.title ?? '', version: doc?.info?.version ?? '' });
