import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { staffPath } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { usePageMeta } from '../../../lib/page-meta.jsx';
import { Loading } from '../../../components/loading.jsx';
import { useAuth } from '../../../features/auth/auth-context.jsx';
import { Forbidden } from '../../../features/staff/components/forbidden.jsx';
import { StaffNav } from '../../../features/staff/components/staff-nav.jsx';
import { StaffChatProvider } from '../../../features/staff/components/chat.jsx';
import { LiveBadge, LiveNotices, LiveProvider } from '../../../features/staff-live/components/live.jsx';
import { useStaffTexts } from '../../../features/staff/texts.js';
import { staffGate } from '../../staff-gate.js';
import { StaffHeader } from '../../layout/staff-header.jsx';
import '../../../features/staff/staff.css';

// The back office under /tr/yonetim/ and /en/admin/ (DESIGN §11): staff only, with their menu
// beside the screen, a route module of its own below this one (router.jsx). The screen's route
// names its section (handle.section: dashboard or the Turkish key of paths.js) and, for one item,
// its kind (handle.detail).
export function Component() {
  const lang = useLanguage();
  const t = useStaffTexts();
  const auth = useAuth();
  const { pathname, search } = useLocation();
  const { section, detail, rest } = useMatches().at(-1).handle;
  const gate = staffGate(auth, lang, pathname + search);
  usePageMeta({
    title: gate.staff && section ? [detail && t(`detail.${detail}`), t(`sections.${section}`), t('title')].filter(Boolean).join(' – ') : gate.forbidden ? t('forbidden.title') : t('title'),
    noindex: true,
  });

  if (gate.loading) return <Bare><Loading variant="detail" /></Bare>;
  if (gate.to) return <Navigate to={gate.to} replace />;
  if (gate.forbidden) return <Bare><Forbidden /></Bare>;
  // An unknown address below the back office: its dashboard.
  if (rest) return <Navigate to={staffPath(lang)} replace />;

  // The live support stream stays open on every back-office page: staff here are online. The
  // live notices' stream too: counts on the menu, notices on any screen, the title while hidden.
  return (
    <StaffChatProvider>
      <LiveProvider section={section}>
        <StaffHeader>
          <StaffNav badge={(key) => <LiveBadge section={key} />} />
        </StaffHeader>
        <main id="main" tabIndex={-1} className="site-main staff-page account__content" data-section={section}>
          <h1>{detail ? t(`detail.${detail}`) : t(`sections.${section}`)}</h1>
          <Outlet />
        </main>
        <LiveNotices />
      </LiveProvider>
    </StaffChatProvider>
  );
}

/** Bare is the back office's frame before it knows the visitor is staff: its header, no menu. */
function Bare({ children }) {
  return (
    <>
      <StaffHeader />
      <main id="main" tabIndex={-1} className="site-main staff-page">
        {children}
      </main>
    </>
  );
}
