import { NavLink } from 'react-router-dom';
import { STAFF_SECTIONS, staffPath } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useStaffTexts } from '../texts.js';

/**
 * StaffNav is the back office's menu, a row under its header: the dashboard and each section.
 * badge(section), when given, is what an entry shows beside its name (the app passes the live
 * notices' counts). On a narrow screen the row scrolls inside its own box, never the page.
 */
export function StaffNav({ badge }) {
  const lang = useLanguage();
  const t = useStaffTexts();
  return (
    <nav className="staff-nav" aria-label={t('menuLabel')}>
      <ul className="staff-nav__list">
        {['dashboard', ...STAFF_SECTIONS].map((key) => (
          <li key={key}>
            <NavLink to={key === 'dashboard' ? staffPath(lang) : staffPath(lang, key)} end={key === 'dashboard'} className="staff-nav__link" data-section={key}>
              {t(`sections.${key}`)}
              {badge?.(key)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
