import { useEffect } from 'react';
import { Outlet, useLocation, useMatches, useNavigation } from 'react-router';
import { isStaffPath } from '../../config/paths.js';
import { LanguageProvider } from '../../lib/language.jsx';
import { useTexts } from '../../lib/i18n.js';
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
  const t = useTexts();
  const matches = useMatches();
  const screen = matches.at(-1)?.handle?.screen;
  const navigation = useNavigation();
  const { pathname } = useLocation();
  useScrollToTop();
  useAttentionTitle(t('attention'));

  return (
    <>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      <Header />
      {navigation.state === 'loading' && (
        <p className="route-progress" role="status">
          {t('loading')}
        </p>
      )}
      <main id="main" tabIndex={-1} className={`site-main site-main--${screen ?? 'page'}`}>
        <Outlet />
      </main>
      {screen !== 'home' && <Footer />}
      {/* The customers' live support corner is not for staff: the back office answers it. */}
      {!isStaffPath(pathname) && <LateWidgets />}
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
