import { useEffect, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { accountPath, path, SERVICE_SCREENS } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { useCommonTexts } from '../../lib/i18n.js';
import { Icon } from '../../components/icon.jsx';
import { CurrencyPicker } from '../../features/currency/components/currency-picker.jsx';
import { useAuth } from '../../features/auth/auth-context.jsx';
import { menuOf, useSectionTexts } from '../../features/auth/account-sections.js';
import { LanguageSwitch } from './language-switch.jsx';
import { StaffLink } from './staff-link.jsx';

/** MobileMenu is the small-screen navigation, a modal dialog loaded on first use. */
export function MobileMenu({ onClose }) {
  const lang = useLanguage();
  const t = useCommonTexts();
  const dialog = useRef(null);
  const { pathname } = useLocation();
  const opened = useRef(pathname);

  useEffect(() => {
    const el = dialog.current;
    if (!el.open) el.showModal();
    return () => el.open && el.close();
  }, []);
  useEffect(() => {
    if (pathname !== opened.current) onClose();
  }, [pathname, onClose]);

  return (
    // The native dialog traps focus and closes on Escape.
    <dialog id="mobile-menu" ref={dialog} className="mobile-menu" aria-label={t('nav.menu')} onClose={onClose}>
      <button type="button" className="mobile-menu__close" onClick={onClose}>
        <Icon name="close" />
        <span className="visually-hidden">{t('nav.closeMenu')}</span>
      </button>
      <nav aria-label={t('nav.main')}>
        <p className="mobile-menu__heading">{t('nav.services')}</p>
        <ul>
          {Object.entries(SERVICE_SCREENS).map(([id, screen]) => (
            <li key={id}>
              <Link to={path(screen, lang)}>{t(`nav.serviceNames.${id}`)}</Link>
            </li>
          ))}
          <li>
            <Link to={path('corporate', lang)}>{t('nav.corporateTitle')}</Link>
          </li>
        </ul>
        <ul>
          <li>
            <Link to={path('quality', lang)}>{t('nav.quality')}</Link>
          </li>
          <li>
            <Link to={path('blog', lang)}>{t('nav.blog')}</Link>
          </li>
          <li>
            <Link to={path('contact', lang)}>{t('nav.contact')}</Link>
          </li>
        </ul>
      </nav>
      <AccountLinks />
      <div className="mobile-menu__tools">
        <LanguageSwitch />
        <CurrencyPicker label={t('currency.label')} />
        <LoginButton />
      </div>
    </dialog>
  );
}

// A signed-in user finds their account menu and logout here; a visitor the login button.
function AccountLinks() {
  const lang = useLanguage();
  const t = useSectionTexts();
  const { loggedIn, user, role, logout } = useAuth();
  if (!loggedIn) return null;
  return (
    <nav aria-label={t('menuLabel')} className="mobile-menu__account">
      <p className="mobile-menu__heading">{user.fullName?.trim() || t('account')}</p>
      <ul>
        {user?.type === 'admin' && (
          <li>
            <StaffLink user={user} className="" />
          </li>
        )}
        {menuOf(role).map((key) => (
          <li key={key}>
            <Link to={accountPath(lang, key)}>{t(`sections.${key}`)}</Link>
          </li>
        ))}
        <li>
          <button type="button" className="button button--ghost" onClick={logout}>
            {t('logout')}
          </button>
        </li>
      </ul>
    </nav>
  );
}

function LoginButton() {
  const lang = useLanguage();
  const t = useCommonTexts();
  const { loggedIn } = useAuth();
  if (loggedIn) return null;
  return (
    <Link className="button" to={path('login', lang)}>
      {t('nav.login')}
    </Link>
  );
}
