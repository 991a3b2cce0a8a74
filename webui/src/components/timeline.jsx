import './timeline.css';

/** Timeline is an ordered list of what happened (or is to happen), drawn as a line with a dot per entry; its items are the caller's <li>. */
export function Timeline({ children, testid }) {
  return (
    <ol className="timeline" data-testid={testid}>
      {children}
    </ol>
  );
}
