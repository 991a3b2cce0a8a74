import { redirect } from 'react-router-dom';
import { ACCOUNT_DETAILS, ACCOUNT_MENUS, ACCOUNT_TABS, DEFAULT_LANGUAGE, LANGUAGES, PATHS, SERVICE_SCREENS, STAFF_DETAILS, STAFF_SECTIONS, accountDetailSegments, accountPath, accountTabPath, staffPath } from '../config/paths.js';
import { loadChunk } from '../lib/lazy-chunk.js';
import { loadCommonTexts } from '../lib/i18n.js';
import { RootLayout } from './layout/root-layout.jsx';
import { RouteError } from './route-error.jsx';
import { Loading } from '../components/loading.jsx';

// Each screen's page is its own chunk, loaded with the spec's timeout (spec §7).
// The chunk name is the module's file name, which the prerenderer uses to preload it.
const page = (chunk, importer) =>
  Object.assign(() => loadChunk(chunk, importer).then((m) => ({ Component: m.Component })), { chunk });

const pages = {
  home: page('home', () => import('./routes/home.jsx')),
  services: page('services', () => import('./routes/services.jsx')),
  service: page('service', () => import('./routes/service.jsx')),
  specialty: page('specialty-translation', () => import('./routes/specialty-translation.jsx')),
  order: page('order', () => import('./routes/order.jsx')),
  corporate: page('corporate', () => import('./routes/corporate.jsx')),
  help: page('help', () => import('./routes/help.jsx')),
  faq: page('faq', () => import('./routes/faq.jsx')),
  legal: page('legal', () => import('./routes/legal.jsx')),
  blog: page('blog', () => import('./routes/blog.jsx')),
  blogPost: page('blog-post', () => import('./routes/blog-post.jsx')),
  quality: page('quality', () => import('./routes/quality.jsx')),
  developers: page('developers', () => import('./routes/developers.jsx')),
  contact: page('contact', () => import('./routes/contact.jsx')),
  login: page('login', () => import('./routes/login.jsx')),
  register: page('register', () => import('./routes/register.jsx')),
  account: page('account/layout', () => import('./routes/account/layout.jsx')),
  resetPassword: page('reset-password', () => import('./routes/reset-password.jsx')),
  verifyEmail: page('verify-email', () => import('./routes/verify-email.jsx')),
  unsubscribe: page('unsubscribe', () => import('./routes/unsubscribe.jsx')),
  dataRequest: page('data-request', () => import('./routes/data-request.jsx')),
  translatorApplication: page('translator-application', () => import('./routes/translator-application.jsx')),
  notFound: page('not-found', () => import('./routes/not-found.jsx')),
  admin: page('admin/layout', () => import('./routes/admin/layout.jsx')),
};

// The account area: a layout (session, role, side menu) and one page per screen below it.
const accountPages = {
  overview: page('account/overview', () => import('./routes/account/overview.jsx')),
  personalInfo: page('account/personal-info', () => import('./routes/account/personal-info.jsx')),
  orders: page('account/orders', () => import('./routes/account/orders.jsx')),
  files: page('account/files', () => import('./routes/account/files.jsx')),
  settings: page('account/settings', () => import('./routes/account/settings.jsx')),
  order: page('account/order-detail', () => import('./routes/account/order-detail.jsx')),
  quote: page('account/quote-detail', () => import('./routes/account/quote-detail.jsx')),
  billing: page('account/billing', () => import('./routes/account/billing.jsx')),
  invoices: page('account/invoices', () => import('./routes/account/invoices.jsx')),
  balance: page('account/balance', () => import('./routes/account/balance.jsx')),
  invoice: page('account/invoice-detail', () => import('./routes/account/invoice-detail.jsx')),
  bankAccounts: page('account/bank-accounts', () => import('./routes/account/bank-accounts.jsx')),
  earnings: page('account/earnings', () => import('./routes/account/earnings.jsx')),
  support: page('account/support', () => import('./routes/account/support.jsx')),
  ticket: page('account/ticket-detail', () => import('./routes/account/ticket-detail.jsx')),
  activeJobs: page('account/active-jobs', () => import('./routes/account/active-jobs.jsx')),
  pastJobs: page('account/past-jobs', () => import('./routes/account/past-jobs.jsx')),
  jobPool: page('account/job-pool', () => import('./routes/account/job-pool.jsx')),
  vacationMode: page('account/vacation-mode', () => import('./routes/account/vacation-mode.jsx')),
  competencies: page('account/competencies', () => import('./routes/account/competencies.jsx')),
  apiKeys: page('account/api-keys', () => import('./routes/account/api-keys.jsx')),
  webhooks: page('account/webhooks', () => import('./routes/account/webhooks.jsx')),
};

// Each account section (the Turkish keys of paths.js's menus) with its page.
const ACCOUNT_SECTIONS = [...new Set(Object.values(ACCOUNT_MENUS).flat())];
const SECTION_PAGES = {
  'genel-bakis': accountPages.overview,
  'kisisel-bilgiler': accountPages.personalInfo,
  siparislerim: accountPages.orders,
  dosyalarim: accountPages.files,
  'fatura-bilgileri': accountPages.billing,
  ayarlar: accountPages.settings,
  'banka-hesaplari': accountPages.bankAccounts,
  'aktif-islerim': accountPages.activeJobs,
  'havuzdaki-isler': accountPages.jobPool,
  'gecmis-islerim': accountPages.pastJobs,
  kazanclar: accountPages.earnings,
  'tatil-modu': accountPages.vacationMode,
  yetkinliklerim: accountPages.competencies,
  destek: accountPages.support,
};
// The pages of the sections' further tabs (paths.js's ACCOUNT_TABS), by section and tab.
const TAB_PAGES = {
  'fatura-bilgileri': { faturalar: accountPages.invoices, bakiye: accountPages.balance },
  ayarlar: { 'api-anahtarlari': accountPages.apiKeys, webhooklar: accountPages.webhooks },
};

// Addresses the account layout sends elsewhere before it draws its outlet (handle.rest, or no
// section at all); they are routes so that they stay in the account area instead of a 404.
const Redirected = () => null;

/**
 * accountRoutes are the screens below the account path in lang: each section and its tabs
 * (ACCOUNT_TABS), an order's, a quote's, an invoice's and a support ticket's page (ACCOUNT_DETAILS), and catch-alls
 * below each section and below the account.
 */
function accountRoutes(lang) {
  const base = PATHS.account[lang];
  const below = (p) => p.slice(base.length + 1);
  const handle = (more) => ({ screen: 'account', lang, ...more });
  return [
    ...ACCOUNT_SECTIONS.flatMap((section) => {
      const lazy = SECTION_PAGES[section];
      const sub = below(accountPath(lang, section));
      return [
        { id: `account.${section}.${lang}`, path: sub, handle: handle({ section, chunk: lazy.chunk }), lazy },
        { id: `account.${section}.rest.${lang}`, path: `${sub}/*`, handle: handle({ section, rest: true }), Component: Redirected },
      ];
    }),
    ...Object.entries(ACCOUNT_TABS).flatMap(([section, tabs]) =>
      tabs.map((tab) => {
        const lazy = TAB_PAGES[section][tab];
        return { id: `account.${section}.${tab}.${lang}`, path: below(accountTabPath(lang, section, tab)), handle: handle({ section, tab, chunk: lazy.chunk }), lazy };
      }),
    ),
    ...Object.entries(ACCOUNT_DETAILS).map(([detail, [section]]) => ({
      id: `account.${detail}.${lang}`,
      path: [...accountDetailSegments(lang, detail), ':id'].join('/'),
      handle: handle({ section, detail, chunk: accountPages[detail].chunk }),
      lazy: accountPages[detail],
    })),
    { id: `account.rest.${lang}`, path: '*', handle: handle({}), Component: Redirected },
  ];
}

// The back office (DESIGN §11): a layout (staff only, its menu) and one page per screen below it,
// each its own chunk, so none of it is in the public pages' first load.
const staffPages = {
  dashboard: page('admin/dashboard', () => import('./routes/admin/dashboard.jsx')),
  siparisler: page('admin/orders', () => import('./routes/admin/orders.jsx')),
  teklifler: page('admin/quotes', () => import('./routes/admin/quotes.jsx')),
  order: page('admin/order-detail', () => import('./routes/admin/order-detail.jsx')),
  quote: page('admin/quote-detail', () => import('./routes/admin/quote-detail.jsx')),
  havaleler: page('admin/transfers', () => import('./routes/admin/transfers.jsx')),
  odemeler: page('admin/payouts', () => import('./routes/admin/payouts.jsx')),
  faturalar: page('admin/invoices', () => import('./routes/admin/invoices.jsx')),
  invoice: page('admin/invoice-detail', () => import('./routes/admin/invoice-detail.jsx')),
  bakiyeler: page('admin/balances', () => import('./routes/admin/balances.jsx')),
  musteriler: page('admin/customers', () => import('./routes/admin/customers.jsx')),
  customer: page('admin/customer-detail', () => import('./routes/admin/customer-detail.jsx')),
  basvurular: page('admin/applications', () => import('./routes/admin/applications.jsx')),
  cevirmenler: page('admin/translators', () => import('./routes/admin/translators.jsx')),
  talepler: page('admin/tickets', () => import('./routes/admin/tickets.jsx')),
  application: page('admin/application-detail', () => import('./routes/admin/application-detail.jsx')),
  ticket: page('admin/ticket-detail', () => import('./routes/admin/ticket-detail.jsx')),
  'canli-destek': page('admin/chat', () => import('./routes/admin/chat.jsx')),
  chat: page('admin/chat-detail', () => import('./routes/admin/chat-detail.jsx')),
  mesajlar: page('admin/inquiries', () => import('./routes/admin/inquiries.jsx')),
  kvkk: page('admin/privacy', () => import('./routes/admin/privacy.jsx')),
  'api-anahtarlari': page('admin/api-keys', () => import('./routes/admin/api-keys.jsx')),
  inquiry: page('admin/inquiry-detail', () => import('./routes/admin/inquiry-detail.jsx')),
  icerik: page('admin/content', () => import('./routes/admin/content.jsx')),
  post: page('admin/post-detail', () => import('./routes/admin/post-detail.jsx')),
  fiyatlar: page('admin/prices', () => import('./routes/admin/prices.jsx')),
  denetim: page('admin/audit', () => import('./routes/admin/audit.jsx')),
};

/** staffRoutes are the screens below the back office's path in lang: the dashboard, each section, its items, a catch-all. */
function staffRoutes(lang) {
  const below = (p) => p.slice(PATHS.admin[lang].length + 1);
  const handle = (more) => ({ screen: 'admin', lang, ...more });
  return [
    { id: `admin.dashboard.${lang}`, index: true, handle: handle({ section: 'dashboard', chunk: staffPages.dashboard.chunk }), lazy: staffPages.dashboard },
    ...STAFF_SECTIONS.map((section) => ({
      id: `admin.${section}.${lang}`,
      path: below(staffPath(lang, section)),
      handle: handle({ section, chunk: staffPages[section].chunk }),
      lazy: staffPages[section],
    })),
    ...Object.entries(STAFF_DETAILS).map(([detail, section]) => ({
      id: `admin.${detail}.${lang}`,
      path: `${below(staffPath(lang, section))}/:id`,
      handle: handle({ section, detail, chunk: staffPages[detail].chunk }),
      lazy: staffPages[detail],
    })),
    { id: `admin.rest.${lang}`, path: '*', handle: handle({ rest: true }), Component: Redirected },
  ];
}

// screen: the key in PATHS. handle.prerender=false marks screens that only make sense in the
// browser (a visitor's order or account, a password-reset link), served from the SPA shell instead.
const SCREENS = [
  { screen: 'home', lazy: pages.home },
  { screen: 'services', lazy: pages.services },
  { screen: 'order', suffix: '/*', lazy: pages.order, prerender: false },
  ...Object.entries(SERVICE_SCREENS).map(([serviceId, screen]) => ({ screen, lazy: pages.service, serviceId })),
  { screen: 'documentTranslation', lazy: pages.specialty, kind: 'document' },
  { screen: 'technicalTranslation', lazy: pages.specialty, kind: 'technical' },
  { screen: 'corporate', lazy: pages.corporate },
  { screen: 'help', lazy: pages.help },
  { screen: 'faq', lazy: pages.faq },
  { screen: 'privacy', lazy: pages.legal, doc: 'privacy' },
  { screen: 'terms', lazy: pages.legal, doc: 'terms' },
  { screen: 'cookies', lazy: pages.legal, doc: 'cookies' },
  { screen: 'membership', lazy: pages.legal, doc: 'membership' },
  { screen: 'blog', lazy: pages.blog },
  { screen: 'blogPost', base: 'blog', suffix: '/:slug', lazy: pages.blogPost, prerender: 'posts' },
  { screen: 'quality', lazy: pages.quality },
  { screen: 'developers', lazy: pages.developers },
  { screen: 'contact', lazy: pages.contact },
  { screen: 'login', lazy: pages.login },
  { screen: 'register', lazy: pages.register },
  { screen: 'account', lazy: pages.account, children: accountRoutes, prerender: false },
  { screen: 'resetPassword', lazy: pages.resetPassword, prerender: false },
  { screen: 'verifyEmail', lazy: pages.verifyEmail, prerender: false },
  { screen: 'unsubscribe', lazy: pages.unsubscribe, prerender: false },
  { screen: 'dataRequest', lazy: pages.dataRequest, prerender: false },
  { screen: 'translatorApplication', lazy: pages.translatorApplication },
  { screen: 'admin', lazy: pages.admin, children: staffRoutes, prerender: false },
];

// A screen's route loads its language's shared texts with its chunk: the browser starts with the
// page's language only, and a navigation to the other one (the language switch) then commits
// with its texts in place, never showing keys meanwhile.
const withTexts = (lazy, lang) => () => Promise.all([lazy(), loadCommonTexts(lang)]).then(([route]) => route);

function screenRoutes() {
  return LANGUAGES.flatMap((lang) =>
    SCREENS.map(({ screen, base, suffix = '', lazy, children, ...handle }) => ({
      id: `${screen}.${lang}`,
      path: PATHS[base ?? screen][lang] + suffix,
      handle: { screen, lang, chunk: lazy.chunk, ...handle },
      lazy: withTexts(lazy, lang),
      ...(children && { children: children(lang) }),
    })),
  );
}

export const routes = [
  {
    id: 'root',
    Component: RootLayout,
    ErrorBoundary: RouteError,
    // Shown while a page that was not prerendered (the SPA shell) loads its first chunk.
    HydrateFallback: Loading,
    children: [
      // Screens fail inside the layout, so the header and footer stay usable.
      {
        id: 'pages',
        ErrorBoundary: RouteError,
        children: [
          { id: 'root-redirect', index: true, loader: () => redirect(`/${DEFAULT_LANGUAGE}`) },
          ...screenRoutes(),
          { id: 'not-found', path: '*', handle: { screen: 'notFound', chunk: pages.notFound.chunk }, lazy: pages.notFound },
        ],
      },
    ],
  },
];

/** prerenderedScreens lists the screens prerendered at build time, by path and language. */
export function prerenderedPaths() {
  return LANGUAGES.flatMap((lang) =>
    SCREENS.filter((s) => s.prerender === undefined).map((s) => ({ screen: s.screen, lang, path: PATHS[s.screen][lang] })),
  );
}

// The browser's router starts without the account area's and the back office's screens (two
// thirds of the table): flattening and ranking every route is one task, and theirs made it too
// long for a slow phone on every public page. Each area keeps its index (the back office's
// dashboard) and its catch-all, so an address below it matches as a splat, which makes the router
// ask patchDeferredRoutes for more routes first.
const DEFERRED_SCREENS = new Set(['account', 'admin']);
const deferredAreas = new Map(); // route id → { path, children }

function deferAreas(list) {
  return list.map((route) => {
    if (DEFERRED_SCREENS.has(route.handle?.screen) && route.children) {
      deferredAreas.set(route.id, { path: route.path, children: route.children });
      return { ...route, children: route.children.filter((child) => child.index || child.path === '*') };
    }
    return route.children ? { ...route, children: deferAreas(route.children) } : route;
  });
}

/** browserRoutes is routes without the deferred areas' screens; patchDeferredRoutes adds them. */
export const browserRoutes = deferAreas(routes);

/**
 * patchDeferredRoutes is the router's patchRoutesOnNavigation: on the way to an address in a
 * deferred area, it adds that area's screens (again each time: the router skips routes it has).
 */
export function patchDeferredRoutes({ path, patch }) {
  for (const [id, area] of deferredAreas) {
    if (path === area.path || path.startsWith(`${area.path}/`)) patch(id, area.children);
  }
}
