import { Navigate, Outlet, useLocation, useMatches } from 'react-router-dom';
import { accountPath } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { defineTexts, useCommonTexts } from '../../../lib/i18n.js';
import { usePageMeta } from '../../../lib/page-meta.jsx';
import { Loading } from '../../../components/loading.jsx';
import { useAuth } from '../../../features/auth/auth-context.jsx';
import { loginPath } from '../../../features/auth/return-to.js';
import { menuOf, useSectionTexts } from '../../../features/auth/account-sections.js';
import { AccountNav } from '../../../features/auth/components/account-nav.jsx';

// The account area under /tr/hesabim/ and /en/account/ (spec §2, §6): signed-in users only, with
// their role's menu beside the section's own screen, a route module of its own below this one
// (router.jsx). The screen's route names its section (handle.section, the Turkish key of
// paths.js), for one order, quote or invoice its kind (handle.detail), and for a section's further
// tab that tab (handle.tab, the Turkish segment of paths.js's ACCOUNT_TABS).
const texts = {
  tr: { detail: { order: 'Sipariş ayrıntıları', quote: 'Teklif', invoice: 'Fatura', ticket: 'Destek talebi' }, tab: { faturalar: 'Faturalar', bakiye: 'Bakiye', 'api-anahtarlari': 'API anahtarları', webhooklar: 'Webhooklar' } },
  en: { detail: { order: 'Order details', quote: 'Quote', invoice: 'Invoice', ticket: 'Support ticket' }, tab: { faturalar: 'Invoices', bakiye: 'Balance', 'api-anahtarlari': 'API keys', webhooklar: 'Webhooks' } },
};
const useAccountTexts = defineTexts('account', texts);

export function Component() {
  const lang = useLanguage();
  const common = useCommonTexts();
  const sections = useSectionTexts();
  const t = useAccountTexts();
  const { loading, loggedIn, role } = useAuth();
  const { pathname, search } = useLocation();
  // The deepest route: a section's screen, an address below a section that is not one
  // (handle.rest), or (/tr/hesabim alone, an unknown section) this layout or a catch-all.
  const { section, detail, tab, rest } = useMatches().at(-1).handle;
  const allowed = loggedIn && section && menuOf(role).includes(section);
  usePageMeta({
    title: allowed
      ? [detail && t(`detail.${detail}`), tab && t(`tab.${tab}`), sections(`sections.${section}`), common('titles.account')].filter(Boolean).join(' – ')
      : common('titles.account'),
    noindex: true,
  });

  if (loading) return <Loading variant="detail" />;
  // A visitor signs in first and comes back here (spec §6).
  if (!loggedIn) return <Navigate to={loginPath(lang, pathname + search)} replace />;
  // /tr/hesabim alone, an unknown section or another role's section: the overview.
  if (!allowed) return <Navigate to={accountPath(lang, 'genel-bakis')} replace />;
  // An unknown address below a section: the section itself.
  if (rest) return <Navigate to={accountPath(lang, section)} replace />;

  return (
    <div className="page account">
      <AccountNav />
      <div className="account__content" data-section={section}>
        <Outlet context={{ section, title: sections(`sections.${section}`) }} />
      </div>
    </div>
  );
}
