import { Link } from 'react-router-dom';

/** Breadcrumbs shows where a page sits: links to its parents, then the page itself. */
export function Breadcrumbs({ label, parents, current }) {
  return (
    <nav className="breadcrumbs" aria-label={label}>
      <ol>
        {parents.map(({ to, name }) => (
          <li key={to}>
            <Link to={to}>{name}</Link>
          </li>
        ))}
        <li aria-current="page">{current}</li>
      </ol>
    </nav>
  );
}
