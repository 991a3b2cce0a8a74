import { ApiError } from '../../lib/api-client.js';

// The fields of an endpoint the form shows, each with its own error line.
export const ENDPOINT_FIELDS = ['url', 'description', 'types'];

/**
 * readRefusal reads a refused request for the form: the server's words for each field the form
 * shows, and its message when no such field was named (a conflict, a field the form does not have);
 * fallback when the server gave no words (a network failure).
 */
export function readRefusal(err, fallback) {
  if (!(err instanceof ApiError) || !err.code) return { fields: {}, message: fallback };
  const fields = Object.fromEntries(Object.entries(err.fields ?? {}).filter(([name]) => ENDPOINT_FIELDS.includes(name)));
  return { fields, message: Object.keys(fields).length ? '' : err.message };
}

/** refusalMessage is the server's words for a refused action, fallback when it gave none. */
export const refusalMessage = (err, fallback) => (err instanceof ApiError && err.code ? err.message : fallback);
