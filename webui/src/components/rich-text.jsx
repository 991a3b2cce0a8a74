/**
 * RichText shows HTML the catalogue rendered from Markdown. The server renders in goldmark's
 * safe mode (raw HTML and unsafe links dropped), so it is inserted as is.
 */
export function RichText({ html, className = 'prose' }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
