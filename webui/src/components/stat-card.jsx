import { Link } from 'react-router-dom';
import './stat-card.css';

/** StatCard is one figure of an overview: its name, the value, a note, and the link to its screen. */
export function StatCard({ label, value, note, to, linkText, testId }) {
  return (
    <div className="stat-card" data-testid={testId}>
      <span className="stat-card__label">{label}</span>
      <span className="stat-card__value">{value}</span>
      {note && <span className="stat-card__note">{note}</span>}
      {to && <Link to={to}>{linkText}</Link>}
    </div>
  );
}

/** StatCards lays the cards out in a grid that becomes one column on a phone. */
export function StatCards({ label, children }) {
  return (
    <div className="stat-cards" role="group" aria-label={label}>
      {children}
    </div>
  );
}
