import { Icon } from './icon.jsx';

/**
 * PageHero opens a page: an optional eyebrow or icon, the page's one h1, a lead paragraph and
 * whatever follows (usually actions).
 */
export function PageHero({ eyebrow, icon, title, lead, children }) {
  return (
    <header className="page-hero">
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      {icon && (
        <span className="card__icon">
          <Icon name={icon} />
        </span>
      )}
      <h1>{title}</h1>
      {lead && <p className="page-hero__lead">{lead}</p>}
      {children}
    </header>
  );
}
