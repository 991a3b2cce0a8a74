import { NavLink } from 'react-router-dom';
import './section-tabs.css';

/**
 * SectionTabs links the pages of an account section (tabs: [{ key, to, label, end }]); the current
 * one is marked aria-current="page". end: current only on its own path, not on the pages below it.
 */
export function SectionTabs({ label, tabs }) {
  return (
    <nav className="section-tabs" aria-label={label}>
      <ul>
        {tabs.map(({ key, to, label: name, end = true }) => (
          <li key={key}>
            <NavLink to={to} end={end} className="section-tabs__link" data-tab={key}>
              {name}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
