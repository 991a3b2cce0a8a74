// Counts typed by people: "1.000" in Turkish, "1,000" in English, "12 500" from a spreadsheet.

/**
 * toQuantity reads a count field as a whole number. Grouping marks are dropped; anything else
 * that is not a whole number is 0, which the server answers with its "greater than zero"
 * message. Huge numbers are capped at a size JSON and Go still read as an integer, so the
 * server's "too large" message appears.
 */
export function toQuantity(text) {
  const digits = String(text ?? '').replace(/[\s.,'’_]/g, '');
  if (!/^\d+$/.test(digits)) return 0;
  return Math.min(Number(digits), Number.MAX_SAFE_INTEGER);
}
