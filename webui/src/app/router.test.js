import { expect, test } from 'vitest';
import { matchRoutes } from 'react-router-dom';
import { browserRoutes, patchDeferredRoutes, routes, prerenderedPaths } from './router.jsx';
import { ACCOUNT_MENUS, PATHS, accountPath } from '../config/paths.js';

const screenOf = (pathname) => matchRoutes(routes, pathname)?.at(-1).route.handle?.screen;

// Every route of spec §2, and the English counterparts DESIGN §6 adds.
const SPEC = {
  '/tr': 'home', '/en': 'home',
  '/tr/hizmetler': 'services', '/en/services': 'services',
  '/tr/siparis': 'order', '/tr/siparis/profesyonel-tercume': 'order', '/en/order': 'order', '/en/order/proofreading': 'order',
  '/tr/web-sitesi-cevirisi': 'websiteTranslation', '/en/website-translation': 'websiteTranslation',
  '/tr/profesyonel-tercume': 'professionalTranslation', '/en/professional-translation': 'professionalTranslation',
  '/tr/belge-cevirisi': 'documentTranslation', '/en/document-translation': 'documentTranslation',
  '/tr/teknik-ceviri': 'technicalTranslation', '/en/technical-translation': 'technicalTranslation',
  '/tr/proofreading': 'proofreading', '/en/proofreading': 'proofreading',
  '/tr/transkripsiyon': 'transcription', '/en/transcription': 'transcription',
  '/tr/icerik-yaratma': 'contentCreation', '/en/content-creation': 'contentCreation',
  '/tr/altyazi-cevirisi': 'subtitleTranslation', '/en/subtitle-translation': 'subtitleTranslation',
  '/tr/paraphrasing': 'paraphrasing', '/en/paraphrasing': 'paraphrasing',
  '/tr/masaustu-yayincilik': 'desktopPublishing', '/en/desktop-publishing': 'desktopPublishing',
  '/tr/kurumsal': 'corporate', '/en/corporate': 'corporate',
  '/tr/yardim': 'help', '/en/help': 'help',
  '/tr/sik-sorulan-sorular': 'faq', '/en/faq': 'faq',
  '/tr/gizlilik-sozlesmesi': 'privacy', '/en/privacy-policy': 'privacy',
  '/tr/kullanim-kosullari': 'terms', '/en/terms-of-use': 'terms',
  '/tr/cerez-politikasi': 'cookies', '/en/cookie-policy': 'cookies',
  '/tr/uyelik-sozlesmesi': 'membership', '/en/membership-agreement': 'membership',
  '/tr/blog': 'blog', '/en/blog': 'blog',
  '/tr/blog/yeminli-tercume-nedir': 'blogPost', '/en/blog/what-is-sworn-translation': 'blogPost',
  '/tr/kalite': 'quality', '/en/quality': 'quality',
  '/tr/gelistiriciler': 'developers', '/en/developers': 'developers',
  '/tr/iletisim': 'contact', '/en/contact': 'contact',
  '/tr/giris': 'login', '/en/login': 'login',
  '/tr/kayit-ol': 'register', '/en/register': 'register',
  '/tr/hesabim/ayarlar': 'account', '/en/account/settings': 'account',
  '/tr/tercuman-kayit': 'translatorApplication', '/en/freelance-translator': 'translatorApplication',
  '/tr/hesabim': 'account', '/en/account': 'account',
  '/tr/hesabim/siparislerim/66a1f0c2e4b0a1b2c3d4e5f6': 'account', '/en/account/orders/66a1f0c2e4b0a1b2c3d4e5f6': 'account',
  '/tr/hesabim/siparislerim/teklifler/66a1f0c2e4b0a1b2c3d4e5f6': 'account', '/en/account/orders/quotes/66a1f0c2e4b0a1b2c3d4e5f6': 'account',
  '/tr/parola-sifirla': 'resetPassword', '/en/reset-password': 'resetPassword',
  '/tr/eposta-dogrula': 'verifyEmail', '/en/verify-email': 'verifyEmail',
  '/tr/abonelikten-cik': 'unsubscribe', '/en/unsubscribe': 'unsubscribe',
  '/tr/kvkk-basvurusu': 'dataRequest', '/en/data-request': 'dataRequest',
};

test('every spec route resolves to its screen in both languages', () => {
  for (const [pathname, screen] of Object.entries(SPEC)) expect(screenOf(pathname), pathname).toBe(screen);
});

test('unknown paths reach the not-found screen; the root redirects', () => {
  for (const p of ['/tr/yok-boyle-bir-sayfa', '/en/services/extra', '/de', '/paraphrasing-service', '/tr/paraphrasing-hizmeti']) {
    expect(screenOf(p), p).toBe('notFound');
  }
  const root = matchRoutes(routes, '/').at(-1).route;
  expect(root.index).toBe(true);
  const res = root.loader();
  expect(res.status).toBe(302);
  expect(res.headers.get('Location')).toBe('/tr');
});

test('every screen of the map has a route with a lazy page in each language', () => {
  for (const [screen, langs] of Object.entries(PATHS)) {
    for (const p of Object.values(langs)) {
      const route = matchRoutes(routes, p)?.at(-1).route;
      expect(route?.handle?.screen, p).toBe(screen);
      expect(typeof route.lazy, p).toBe('function');
    }
  }
});

test('public screens are prerendered in both languages; orders, accounts and password resets are not', () => {
  const paths = prerenderedPaths().map((p) => p.path);
  expect(paths).toContain('/tr/sik-sorulan-sorular');
  expect(paths).toContain('/en/membership-agreement');
  // The developers' page is public: its introduction is prerendered, the operations come in the browser.
  expect(paths).toContain('/tr/gelistiriciler');
  expect(paths).toContain('/en/developers');
  expect(paths).not.toContain('/tr/siparis');
  expect(paths).not.toContain('/en/account');
  expect(paths).not.toContain('/tr/parola-sifirla');
  expect(paths).not.toContain('/en/reset-password');
  expect(paths).not.toContain('/tr/eposta-dogrula');
  expect(paths).not.toContain('/en/unsubscribe');
  expect(paths.filter((p) => p.startsWith('/tr')).length).toBe(paths.filter((p) => p.startsWith('/en')).length);
});

test('each account screen is its own lazy page below the account layout, in both languages', () => {
  const id = '66a1f0c2e4b0a1b2c3d4e5f6';
  const pages = {
    '/tr/hesabim/genel-bakis': 'account/overview', '/en/account/overview': 'account/overview',
    '/tr/hesabim/kisisel-bilgiler': 'account/personal-info', '/en/account/personal-info': 'account/personal-info',
    '/tr/hesabim/siparislerim': 'account/orders', '/en/account/orders': 'account/orders',
    '/tr/hesabim/dosyalarim': 'account/files', '/en/account/files': 'account/files',
    '/tr/hesabim/ayarlar': 'account/settings', '/en/account/settings': 'account/settings',
    '/tr/hesabim/destek': 'account/support', '/en/account/support': 'account/support',
    [`/tr/hesabim/destek/talepler/tk-${id}`]: 'account/ticket-detail', [`/en/account/support/tickets/tk-${id}`]: 'account/ticket-detail',
    '/tr/hesabim/kazanclar': 'account/earnings', '/en/account/earnings': 'account/earnings',
    '/tr/hesabim/gecmis-islerim': 'account/past-jobs', '/en/account/past-jobs': 'account/past-jobs',
    '/tr/hesabim/banka-hesaplari': 'account/bank-accounts', '/en/account/bank-accounts': 'account/bank-accounts',
    '/tr/hesabim/aktif-islerim': 'account/active-jobs', '/en/account/active-jobs': 'account/active-jobs',
    '/tr/hesabim/havuzdaki-isler': 'account/job-pool', '/en/account/job-pool': 'account/job-pool',
    '/tr/hesabim/tatil-modu': 'account/vacation-mode', '/en/account/vacation-mode': 'account/vacation-mode',
    '/tr/hesabim/yetkinliklerim': 'account/competencies', '/en/account/competencies': 'account/competencies',
    '/tr/hesabim/fatura-bilgileri': 'account/billing', '/en/account/billing-info': 'account/billing',
    '/tr/hesabim/fatura-bilgileri/faturalar': 'account/invoices', '/en/account/billing-info/invoices': 'account/invoices',
    '/tr/hesabim/fatura-bilgileri/bakiye': 'account/balance', '/en/account/billing-info/balance': 'account/balance',
    '/tr/hesabim/ayarlar/api-anahtarlari': 'account/api-keys', '/en/account/settings/api-keys': 'account/api-keys',
    '/tr/hesabim/ayarlar/webhooklar': 'account/webhooks', '/en/account/settings/webhooks': 'account/webhooks',
    [`/tr/hesabim/fatura-bilgileri/faturalar/inv-${id}`]: 'account/invoice-detail', [`/en/account/billing-info/invoices/inv-${id}`]: 'account/invoice-detail',
    [`/tr/hesabim/siparislerim/${id}`]: 'account/order-detail', [`/en/account/orders/${id}`]: 'account/order-detail',
    [`/tr/hesabim/siparislerim/teklifler/${id}`]: 'account/quote-detail', [`/en/account/orders/quotes/${id}`]: 'account/quote-detail',
  };
  for (const [pathname, chunk] of Object.entries(pages)) {
    const matches = matchRoutes(routes, pathname);
    const leaf = matches.at(-1).route;
    expect(leaf.handle.chunk, pathname).toBe(chunk);
    expect(typeof leaf.lazy, pathname).toBe('function');
    expect(matches.at(-2).route.handle.chunk, pathname).toBe('account/layout');
  }
  expect(matchRoutes(routes, `/en/account/orders/quotes/${id}`).at(-1).params.id).toBe(id);
  expect(matchRoutes(routes, `/tr/hesabim/fatura-bilgileri/faturalar/inv-${id}`).at(-1).params.id).toBe(`inv-${id}`);
  // The billing tabs belong to their section, and name their tab for the page title.
  expect(matchRoutes(routes, '/en/account/billing-info/balance').at(-1).route.handle).toMatchObject({ section: 'fatura-bilgileri', tab: 'bakiye' });
  // So do the settings' tabs: the API keys and the webhooks (a mail links to the latter with ?endpoint=).
  expect(matchRoutes(routes, '/tr/hesabim/ayarlar/webhooklar').at(-1).route.handle).toMatchObject({ section: 'ayarlar', tab: 'webhooklar' });
  expect(matchRoutes(routes, '/en/account/settings/webhooks?endpoint=we_1').at(-1).route.handle).toMatchObject({ section: 'ayarlar', tab: 'webhooklar' });
  expect(matchRoutes(routes, '/en/account/settings/api-keys').at(-1).route.handle).toMatchObject({ section: 'ayarlar', tab: 'api-anahtarlari' });
  expect(matchRoutes(routes, `/en/account/billing-info/invoices/inv-${id}`).at(-1).route.handle).toMatchObject({ section: 'fatura-bilgileri', detail: 'invoice' });
  // A support ticket belongs to the support section; the earnings are a section of their own.
  expect(matchRoutes(routes, `/en/account/support/tickets/tk-${id}`).at(-1)).toMatchObject({ params: { id: `tk-${id}` }, route: { handle: { section: 'destek', detail: 'ticket' } } });
  expect(matchRoutes(routes, '/en/account/earnings').at(-1).route.handle).toMatchObject({ section: 'kazanclar' });
  // No section is left without its own screen.
  const all = (r) => [r, ...(r.children ?? []).flatMap(all)];
  expect(routes.flatMap(all).filter((r) => r.handle?.section && !r.handle.rest && !r.lazy)).toEqual([]);
  // Every section of both menus is a screen of its own in both languages.
  for (const lang of ['tr', 'en']) {
    for (const section of [...ACCOUNT_MENUS.customer, ...ACCOUNT_MENUS.translator]) {
      expect(matchRoutes(routes, accountPath(lang, section)).at(-1).route.handle.section).toBe(section);
    }
  }
  // What the layout sends elsewhere stays in the account area: the account path alone, an
  // unknown section, and an unknown address below a section.
  expect(matchRoutes(routes, '/tr/hesabim').at(-1).route.handle).toMatchObject({ screen: 'account', chunk: 'account/layout' });
  expect(matchRoutes(routes, '/en/account/nothing-here').at(-1).route.handle).toEqual({ screen: 'account', lang: 'en' });
  expect(matchRoutes(routes, '/tr/hesabim/ayarlar/fazla').at(-1).route.handle).toMatchObject({ screen: 'account', section: 'ayarlar', rest: true });
  // An unknown page below a tab, or another language's tab, goes back to the section.
  for (const p of ['/tr/hesabim/fatura-bilgileri/faturalar/x/y', '/tr/hesabim/fatura-bilgileri/balance', '/en/account/billing-info/bakiye']) {
    expect(matchRoutes(routes, p).at(-1).route.handle, p).toMatchObject({ section: 'fatura-bilgileri', rest: true });
  }
  for (const p of ['/tr/hesabim/ayarlar/webhooks', '/en/account/settings/webhooklar', '/en/account/settings/webhooks/we_1']) {
    expect(matchRoutes(routes, p).at(-1).route.handle, p).toMatchObject({ section: 'ayarlar', rest: true });
  }
});

// The browser's table lacks the account's and the back office's screens until patched in.
test('the browser starts without the account and back office screens and finds them on the way there', () => {
  const count = (list) => list.reduce((n, r) => n + 1 + (r.children ? count(r.children) : 0), 0);
  expect(count(browserRoutes)).toBeLessThan(count(routes) / 2);
  const byId = (list, id) => list.flatMap((r) => (r.id === id ? [r] : byId(r.children ?? [], id)));
  const paths = ['/tr/hesabim', '/tr/hesabim/siparislerim', '/en/account/billing-details/invoices', '/tr/yonetim', '/en/admin/orders/o-1', '/en/faq', '/tr/blog/yeminli-tercume-nedir'];
  for (const pathname of paths) {
    const want = matchRoutes(routes, pathname).at(-1).route.id;
    // A copy of the browser's table, patched as the router does: children added under the route id.
    const table = structuredClone(browserRoutes.map(function strip(r) {
      return { id: r.id, path: r.path, index: r.index, ...(r.children && { children: r.children.map(strip) }) };
    }));
    const first = matchRoutes(table, pathname);
    // Below an area, the first match is the area's catch-all, a splat: the router then asks for
    // more routes. The area's own address is its layout in either table.
    if (first.at(-1).route.id !== want) expect(first.at(-1).route.path, pathname).toBe('*');
    patchDeferredRoutes({
      path: pathname,
      patch: (id, children) => {
        const [route] = byId(table, id);
        const strip = (r) => ({ id: r.id, path: r.path, index: r.index, ...(r.children && { children: r.children.map(strip) }) });
        for (const child of children.map(strip)) if (!route.children.some((c) => c.id === child.id)) route.children.push(child);
      },
    });
    expect(matchRoutes(table, pathname).at(-1).route.id, pathname).toBe(want);
  }
});
