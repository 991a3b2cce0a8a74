import { NavLink } from 'react-router-dom';
import { accountPath } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useAuth } from '../auth-context.jsx';
import { menuOf, useSectionTexts } from '../account-sections.js';

/** AccountNav is the account pages' side menu: the role's menu of spec §2 and logging out. */
export function AccountNav() {
  const lang = useLanguage();
  const t = useSectionTexts();
  const { role, logout } = useAuth();
  return (
    <nav className="account-nav" aria-label={t('menuLabel')}>
      <ul>
        {menuOf(role).map((key) => (
          <li key={key}>
            <NavLink to={accountPath(lang, key)} className="account-nav__link" data-section={key}>
              {t(`sections.${key}`)}
            </NavLink>
          </li>
        ))}
        <li>
          <button type="button" className="account-nav__link account-nav__logout" onClick={logout}>
            {t('logout')}
          </button>
        </li>
      </ul>
    </nav>
  );
}
