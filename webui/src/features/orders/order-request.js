// What the wizard sends to svc-orders (API.md: estimate, quotes) and how the answers' field
// errors map back onto the wizard's fields and files.
import { ApiError } from '../../lib/api-client.js';
import { toQuantity } from '../../lib/quantity.js';
import { doneFiles } from './wizard-state.js';

export const BRIEF_MAX = 5000;
export const MAX_FILES = 20;
export const MAX_FILE_BYTES = 50 * 1024 * 1024;

/** briefLength counts characters as people (and the server) do: an emoji is one. */
export const briefLength = (text) => [...String(text ?? '')].length;

/**
 * buildEstimateBody is the POST estimate body: the files' ids (with the visitor's upload token,
 * which proves they are the visitor's) or a typed quantity, never both.
 */
export function buildEstimateBody(draft, { currency, uploadToken = '' }) {
  const body = {
    service: draft.service,
    sourceLanguage: draft.source,
    targetLanguages: [...draft.targets],
    urgency: draft.urgency,
    addOns: [...draft.addOns],
    currency,
  };
  if (draft.mode === 'files') {
    body.fileIds = doneFiles(draft).map((f) => f.file.id);
    if (uploadToken) body.uploadToken = uploadToken;
  } else {
    body.quantity = toQuantity(draft.quantity);
  }
  return body;
}

/** buildQuoteBody is the POST quotes body: the estimate's plus the brief for the translator. */
export function buildQuoteBody(draft, opts) {
  return { ...buildEstimateBody(draft, opts), brief: draft.brief.trim() };
}

/**
 * missingForEstimate names what the wizard still needs before a price can be asked for
 * ('service', 'targets', 'files', 'quantity'), or '' when an estimate can be asked.
 */
export function missingForEstimate(draft) {
  if (!draft.service) return 'service';
  if (!draft.targets.length) return 'targets';
  if (draft.mode === 'files') return doneFiles(draft).length ? '' : 'files';
  return draft.quantity.trim() ? '' : 'quantity';
}

/**
 * validateDraft is the page's own check before asking for a quote: { field: textKey } for
 * what the server would refuse anyway, or what cannot be sent yet (uploads on their way).
 */
export function validateDraft(draft) {
  const errors = {};
  if (!draft.targets.length) errors.targets = 'errors.targets';
  else if (draft.targets.includes(draft.source)) errors.targets = 'errors.sameLanguage';
  if (draft.mode === 'files') {
    if (draft.files.some((f) => f.status === 'queued' || f.status === 'uploading')) errors.files = 'errors.uploading';
    else if (!doneFiles(draft).length) errors.files = 'errors.noFiles';
  } else if (!draft.quantity.trim()) errors.quantity = 'errors.noQuantity';
  if (briefLength(draft.brief) > BRIEF_MAX) errors.brief = 'errors.briefTooLong';
  return errors;
}

// The server's field names and the wizard's fields.
const FIELDS = {
  service: 'service',
  sourceLanguage: 'source',
  targetLanguages: 'targets',
  quantity: 'quantity',
  fileIds: 'files',
  uploadToken: 'files',
  urgency: 'urgency',
  addOns: 'addOns',
  brief: 'brief',
};

/**
 * readOrderError turns a failed estimate or quote into { fields, fileErrors, message }: the
 * server's messages by wizard field and, for `fileIds.N`, by the id of the N-th file sent
 * (fileIds). Fields the wizard does not have (currency) join the message. message is null when
 * the server did not answer with an error of its own (network failure, a proxy's 502).
 */
export function readOrderError(err, fileIds = []) {
  if (!(err instanceof ApiError) || !err.code) return { fields: {}, fileErrors: {}, message: null };
  const fields = {};
  const fileErrors = {};
  const other = [];
  for (const [name, text] of Object.entries(err.fields)) {
    const [head, index] = name.split('.');
    if (head === 'fileIds' && index !== undefined) {
      const file = fileIds[Number(index)];
      if (file) fileErrors[file] = text;
      else other.push(text);
    } else if (FIELDS[head]) fields[FIELDS[head]] ??= text;
    else other.push(text);
  }
  return { fields, fileErrors, message: [...new Set([err.message, ...other])].join(' ') };
}

