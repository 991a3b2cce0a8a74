import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router-dom';
import { isStaffPath } from '../../config/paths.js';
import { LanguageProvider } from '../../lib/language.jsx';
import { useCommonTexts } from '../../lib/i18n.js';
import { watchAttention } from '../../lib/attention.js';
import { CurrencyProvider } from '../../features/currency/currency-context.jsx';
import { AuthProvider } from '../../features/auth/auth-context.jsx';
import { Header } from './header.jsx';
import { Footer } from './footer.jsx';
import { LateWidgets } from './late-widgets.jsx';

/** RootLayout frames every screen: providers that need the route, header, main, footer. */
export function RootLayout() {
  return (
    <LanguageProvider>
      <CurrencyProvider>
        <AuthProvider>
          <Frame />
        </AuthProvider>
      </CurrencyProvider>
    </LanguageProvider>
  );
}

function Frame() {
  const t = useCommonTexts();
  const matches = useMatches();
  const screen = matches.at(-1)?.handle?.screen;
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useScrollToTop();
  useAttentionTitle(t('attention'));
  // The back office draws its own compact header and main (admin/layout.jsx): no marketing
  // header or footer there, nor the customers' live support corner.
  const staff = isStaffPath(pathname);

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {!staff && <Header />}
      {navigation.state === 'loading' && (
        <p className="route-progress" role="status">
          {t('loading')}
        </p>
      )}
      {staff ? (
        <Outlet />
      ) : (
        <main id="main" tabIndex={-1} className={`site-main site-main--${screen ?? 'page'}`}>
          <Outlet />
        </main>
      )}
      {screen !== 'home' && !staff && <Footer />}
      {!staff && <LateWidgets />}
    </>
  );
}

// Every path change starts at the top of the page (spec §2).
function useScrollToTop() {
  const { pathname } = useLocation();
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

function useAttentionTitle(messages) {
  const key = messages.join('\n');
  useEffect(() => watchAttention(document, key.split('\n')), [key]);
}
