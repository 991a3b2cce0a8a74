// The list shapes the content pages share; items are plain texts or { title, text } pairs.

/** Checklist is a list of short statements, each with a tick. */
export function Checklist({ items }) {
  return (
    <ul className="checklist">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

/** CardGrid shows { title, text } items as cards with a heading of the given level. */
export function CardGrid({ items, headingLevel = 3 }) {
  const Heading = `h${headingLevel}`;
  return (
    <ul className="grid" role="list">
      {items.map((item) => (
        <li key={item.title} className="card">
          <Heading>{item.title}</Heading>
          <p>{item.text}</p>
        </li>
      ))}
    </ul>
  );
}

/** Steps is a numbered sequence: { title, text } items as tiles, or plain texts in a compact column. */
export function Steps({ items }) {
  const compact = typeof items[0] === 'string';
  return (
    <ol className={compact ? 'steps steps--compact' : 'steps'}>
      {items.map((item) =>
        compact ? (
          <li key={item}>
            <p>{item}</p>
          </li>
        ) : (
          <li key={item.title}>
            <h3>{item.title}</h3>
            <p>{item.text}</p>
          </li>
        ),
      )}
    </ol>
  );
}
