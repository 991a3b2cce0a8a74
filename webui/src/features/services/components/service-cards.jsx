import { Link } from 'react-router-dom';
import { path, SERVICE_SCREENS } from '../../../config/paths.js';
import { Icon } from '../../../components/icon.jsx';

/** ServiceCards lists catalogue services as cards linking to their pages. */
export function ServiceCards({ services, lang, more, headingLevel = 3 }) {
  const Heading = `h${headingLevel}`;
  return (
    <ul className="grid" role="list">
      {services.map((s) => (
        <li key={s.id}>
          <Link to={path(SERVICE_SCREENS[s.id], lang)} className="card">
            <span className="card__icon">
              <Icon name={s.icon} />
            </span>
            <Heading>{s.title[lang]}</Heading>
            <p>{s.summary[lang]}</p>
            <span className="card__link" aria-hidden="true">
              {more} →
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
