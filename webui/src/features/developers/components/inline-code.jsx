/**
 * InlineCode draws a text whose `backticked` parts are code: "Send `Authorization`" is the word
 * Send and a <code>. The page's texts mark header names, codes and values this way.
 */
export function InlineCode({ text }) {
  const parts = String(text ?? '').split('`');
  // Parts at odd places were between backticks.
  return parts.map((part, i) => (i % 2 === 1 ? <code key={i}>{part}</code> : part));
}
