import { NavLink } from 'react-router';
import { STAFF_SECTIONS, staffPath } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useStaffTexts } from '../texts.js';
import { ChatBadge } from './chat.jsx';

/** StaffNav is the back office's side menu: the dashboard and each section. */
export function StaffNav() {
  const lang = useLanguage();
  const t = useStaffTexts();
  return (
    <nav className="account-nav" aria-label={t('menuLabel')}>
      <ul>
        {['dashboard', ...STAFF_SECTIONS].map((key) => (
          <li key={key}>
            <NavLink to={key === 'dashboard' ? staffPath(lang) : staffPath(lang, key)} end={key === 'dashboard'} className="account-nav__link" data-section={key}>
              {t(`sections.${key}`)}
              {key === 'canli-destek' && <ChatBadge />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
