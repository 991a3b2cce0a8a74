import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { useCommonTexts } from '../../lib/i18n.js';
import { loadChunk } from '../../lib/lazy-chunk.js';
import { Icon } from '../../components/icon.jsx';
import { CurrencyPicker } from '../../features/currency/components/currency-picker.jsx';
import { useAuth } from '../../features/auth/auth-context.jsx';
import { ServicesMenu } from './services-menu.jsx';
import { LanguageSwitch } from './language-switch.jsx';
import { StaffLink } from './staff-link.jsx';

// The mobile menu is only fetched when someone opens it (spec §2).
const MobileMenu = lazy(() => loadChunk('mobile-menu', () => import('./mobile-menu.jsx')).then((m) => ({ default: m.MobileMenu })));
// Only signed-in users need the account menu, so it is fetched once the session is confirmed.
const AccountMenu = lazy(() =>
  loadChunk('account-menu', () => import('../../features/auth/components/account-menu.jsx')).then((m) => ({ default: m.AccountMenu })),
);

export const OPAQUE_AFTER_PX = 50;

/** Header is the site header of spec §2. */
export function Header() {
  const lang = useLanguage();
  const t = useCommonTexts();
  const opaque = useScrolledPast(OPAQUE_AFTER_PX);
  const [menuOpen, setMenuOpen] = useState(false);

  return (
    <header className={opaque ? 'site-header site-header--opaque' : 'site-header'} data-opaque={opaque ? 'true' : 'false'}>
      <div className="site-header__inner">
        <Link to={`/${lang}`} className="wordmark" aria-label={t('nav.home')}>
          <span className="wordmark__dark">Lingua</span>
          <span className="wordmark__accent">Port</span>
        </Link>
        <nav className="site-nav" aria-label={t('nav.main')}>
          <ul className="site-nav__list">
            <li>
              <ServicesMenu />
            </li>
            <li>
              <NavLink className="site-nav__link" to={path('quality', lang)}>
                {t('nav.quality')}
              </NavLink>
            </li>
            <li>
              <NavLink className="site-nav__link" to={path('blog', lang)}>
                {t('nav.blog')}
              </NavLink>
            </li>
            <li>
              <NavLink className="site-nav__link" to={path('contact', lang)}>
                {t('nav.contact')}
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="site-header__tools">
          <LanguageSwitch />
          <CurrencyPicker label={t('currency.label')} />
          <StaffEntry />
          <AccountEntry />
        </div>
        <button
          type="button"
          className="menu-button"
          aria-expanded={menuOpen}
          aria-controls="mobile-menu"
          onClick={() => setMenuOpen(true)}
        >
          <Icon name="menu" />
          <span className="visually-hidden">{t('nav.menu')}</span>
        </button>
      </div>
      {menuOpen && (
        <Suspense fallback={null}>
          <MobileMenu onClose={() => setMenuOpen(false)} />
        </Suspense>
      )}
    </header>
  );
}

// Visitors (and everyone on the first, prerendered render) see the login button; a confirmed
// session swaps in the account menu with the user's name (spec §2, §4).
function AccountEntry() {
  const lang = useLanguage();
  const t = useCommonTexts();
  const { loggedIn, user } = useAuth();
  if (!loggedIn) {
    return (
      <Link className="button button--small" to={path('login', lang)}>
        {t('nav.login')}
      </Link>
    );
  }
  return (
    <Suspense fallback={<span className="button button--small account-menu__placeholder">{user.fullName}</span>}>
      <AccountMenu />
    </Suspense>
  );
}

// Staff reach the back office from every page; the account menu stays the customer's (auth-cookie.js menuRole).
function StaffEntry() {
  const { loggedIn, user } = useAuth();
  return <StaffLink user={loggedIn ? user : null} />;
}

function useScrolledPast(px) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const update = () => setPast(window.scrollY > px);
    update();
    window.addEventListener('scroll', update, { passive: true });
    return () => window.removeEventListener('scroll', update);
  }, [px]);
  return past;
}
