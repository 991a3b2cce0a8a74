import { NavLink } from 'react-router-dom';
import { staffPath } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { useCommonTexts } from '../../lib/i18n.js';

/**
 * StaffLink is the back office's link for a signed-in admin (DESIGN §11), in the header and the
 * mobile menu; nothing for anyone else. The account menu stays the customer's (auth-cookie.js menuRole).
 */
export function StaffLink({ user, className = 'site-nav__link site-header__staff' }) {
  const lang = useLanguage();
  const t = useCommonTexts();
  if (user?.type !== 'admin') return null;
  return (
    <NavLink className={className} to={staffPath(lang)} data-testid="staff-link">
      {t('nav.admin')}
    </NavLink>
  );
}
