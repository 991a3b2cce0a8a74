// The order wizard's draft: what the customer chose and uploaded. It is saved to sessionStorage
// on every change so that a reload, a language switch or signing in through a provider's pages
// brings the same draft back; uploads still on their way are not saved (their bytes are gone
// with the page).
import { readJson, remove, sessionStore, writeJson } from './storage.js';

export const DRAFT_KEY = 'linguaport.orders.draft';
export const DRAFT_VERSION = 1;
// A draft older than a day is stale: prices, files and intentions have moved on.
export const DRAFT_TTL_MS = 24 * 60 * 60 * 1000;
export const MODES = ['files', 'quantity'];
export const URGENCIES = ['normal', 'urgent'];

/** initialDraft: nothing chosen yet, from the page's language to the other site language. */
export function initialDraft(lang, service = '') {
  return {
    service,
    source: lang === 'en' ? 'en' : 'tr',
    targets: [lang === 'en' ? 'tr' : 'en'],
    mode: 'files',
    files: [],
    quantity: '',
    urgency: 'normal',
    addOns: [],
    brief: '',
    quoteId: '',
    // A visitor asked for the quote and went to sign in: after a provider's pages bring them
    // back signed in, the quote is sent without a second click.
    wantsQuote: false,
  };
}

/**
 * setField is the draft with field set to value. A target language is never the source (the
 * server refuses it): choosing as source a language that was a target takes it off the targets,
 * and if none is left the previous source becomes the target (Turkish → English, then English
 * as source, reads English → Turkish).
 */
export function setField(draft, field, value) {
  const next = { ...draft, [field]: value };
  if (field === 'source') {
    next.targets = draft.targets.filter((c) => c !== value);
    if (!next.targets.length && draft.targets.includes(value) && draft.source && draft.source !== value) next.targets = [draft.source];
  }
  if (field === 'targets') next.targets = value.filter((c) => c !== draft.source);
  return next;
}

/** doneFiles are the uploads the server has counted: the files an estimate or quote names. */
export const doneFiles = (draft) => draft.files.filter((f) => f.status === 'done' && f.file?.id);

/** serializeDraft is the draft as saved: uploaded files only, by what the page shows of them. */
export function serializeDraft(draft, now = Date.now()) {
  return {
    v: DRAFT_VERSION,
    savedAt: now,
    service: draft.service,
    source: draft.source,
    targets: draft.targets,
    mode: draft.mode,
    files: doneFiles(draft).map(({ file: { id, name, size, format, counts } }) => ({ id, name, size, format, counts })),
    quantity: draft.quantity,
    urgency: draft.urgency,
    addOns: draft.addOns,
    brief: draft.brief,
    quoteId: draft.quoteId,
    wantsQuote: !!draft.wantsQuote,
  };
}

/** fileEntry is the wizard's entry for a file the server has answered with. */
export const fileEntry = (file) => ({ key: file.id, name: file.name, size: file.size, status: 'done', progress: 1, error: '', file });

const str = (v, fallback = '') => (typeof v === 'string' ? v : fallback);
const strings = (v) => (Array.isArray(v) ? v.filter((s) => typeof s === 'string' && s) : null);

/**
 * restoreDraft reads a saved draft back, or null when saved is not a draft of this version or
 * has gone stale. Whatever is malformed falls back to the initial value of that field.
 */
export function restoreDraft(saved, lang, now = Date.now()) {
  if (!saved || typeof saved !== 'object' || saved.v !== DRAFT_VERSION) return null;
  if (typeof saved.savedAt !== 'number' || now - saved.savedAt > DRAFT_TTL_MS) return null;
  const base = initialDraft(lang);
  const source = str(saved.source, base.source);
  const files = Array.isArray(saved.files)
    ? saved.files.filter((f) => f && typeof f.id === 'string' && f.id && typeof f.name === 'string').map((f) => fileEntry({ ...f, counts: f.counts ?? {} }))
    : [];
  return {
    service: str(saved.service),
    source,
    targets: (strings(saved.targets) ?? base.targets).filter((c) => c !== source),
    mode: MODES.includes(saved.mode) ? saved.mode : base.mode,
    files,
    quantity: str(saved.quantity),
    urgency: URGENCIES.includes(saved.urgency) ? saved.urgency : base.urgency,
    addOns: strings(saved.addOns) ?? [],
    brief: str(saved.brief),
    quoteId: str(saved.quoteId),
    wantsQuote: saved.wantsQuote === true,
  };
}

/** saveDraft keeps the draft; an unchanged one (an upload's progress) is not written again. */
export function saveDraft(draft, storage = sessionStore(), now = Date.now()) {
  const saved = serializeDraft(draft, now);
  const previous = readJson(storage, DRAFT_KEY);
  if (previous && JSON.stringify({ ...previous, savedAt: now }) === JSON.stringify(saved) && now - previous.savedAt < DRAFT_TTL_MS / 2) return;
  writeJson(storage, DRAFT_KEY, saved);
}

/** loadDraft is the saved draft, or null. */
export function loadDraft(lang, storage = sessionStore(), now = Date.now()) {
  const draft = restoreDraft(readJson(storage, DRAFT_KEY), lang, now);
  if (!draft) remove(storage, DRAFT_KEY);
  return draft;
}

export function clearDraft(storage = sessionStore()) {
  remove(storage, DRAFT_KEY);
}

/** hasProgress tells a draft worth offering back from an untouched one. */
export function hasProgress(draft) {
  return !!draft && (doneFiles(draft).length > 0 || draft.quantity.trim() !== '' || draft.brief.trim() !== '' || !!draft.quoteId);
}
