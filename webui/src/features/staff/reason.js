// A rejection's reason as the services take it: trimmed, 1 to max characters.

/** reasonBody is { body: { reason } } to send, or { error } (reasonRequired, reasonTooLong) to show. */
export function reasonBody(text, max = 500) {
  const reason = String(text ?? '').trim();
  if (!reason) return { error: 'reasonRequired' };
  if ([...reason].length > max) return { error: 'reasonTooLong' };
  return { body: { reason } };
}
