import { Link } from 'react-router-dom';
import { PATHS, staffPath } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { useAuth } from '../../features/auth/auth-context.jsx';
import { useStaffTexts } from '../../features/staff/texts.js';
import { LanguageSwitch } from './language-switch.jsx';

/**
 * StaffHeader is the back office's own header (issue 25): the wordmark leading to the dashboard,
 * the page in the other language, who is signed in, the way back to the public site and out;
 * below it, when given, the staff menu (children) across the full width. The marketing header,
 * footer and the customers' chat corner are not in the back office (root-layout.jsx).
 */
export function StaffHeader({ children }) {
  const lang = useLanguage();
  const t = useStaffTexts();
  const { user, logout } = useAuth();
  return (
    <header className="staff-header">
      <div className="staff-header__bar">
        <Link to={staffPath(lang)} className="wordmark staff-header__wordmark" aria-label={t('header.home')}>
          <span className="wordmark__dark">Lingua</span>
          <span className="wordmark__accent">Port</span>{' '}
          <span className="staff-header__tag">{t('title')}</span>
        </Link>
        <div className="staff-header__tools">
          <LanguageSwitch />
          <Link to={PATHS.home[lang]} className="staff-header__site">
            {t('header.site')}
          </Link>
          {user && (
            <>
              <span className="staff-header__user" title={user.email}>
                {user.fullName?.trim() || user.email}
              </span>
              <button type="button" className="staff-header__logout" onClick={logout}>
                {t('header.logout')}
              </button>
            </>
          )}
        </div>
      </div>
      {children}
    </header>
  );
}
