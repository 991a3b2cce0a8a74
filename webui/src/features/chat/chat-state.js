// The visitor chat's state that is plain data: messages merged from answers and the stream, and
// the visitor's stored conversation. Kept apart from the component so tests run without a DOM.

/** mergeMessages adds incoming messages to list once each (by id), in their order (seq). */
export function mergeMessages(list, incoming) {
  const byId = new Map(list.map((m) => [m.id, m]));
  for (const m of incoming) if (m) byId.set(m.id, m);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** lastSeq is the number of the last message in list (0 when none): where a stream resumes. */
export const lastSeq = (list) => list.reduce((n, m) => Math.max(n, m.seq ?? 0), 0);

// The visitor's conversation, kept in localStorage so it comes back on the next page and visit.
export const STORAGE_KEY = 'linguaport.chat';

export function loadStored(storage = globalThis.localStorage) {
  try {
    const v = JSON.parse(storage?.getItem(STORAGE_KEY) ?? 'null');
    return v && typeof v.id === 'string' ? v : null;
  } catch {
    return null;
  }
}

export function saveStored(value, storage = globalThis.localStorage) {
  try {
    if (value) storage?.setItem(STORAGE_KEY, JSON.stringify(value));
    else storage?.removeItem(STORAGE_KEY);
  } catch {
    // A browser refusing storage still chats; the conversation just is not kept.
  }
}
