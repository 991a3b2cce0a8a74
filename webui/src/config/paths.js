// The one map of the site's paths (spec §2). Every screen has a Turkish and an English path;
// language switching maps each path segment to its counterpart.

export const LANGUAGES = ['tr', 'en'];
export const DEFAULT_LANGUAGE = 'tr';

// Segment pairs [tr, en]. The paraphrasing-service and proofreading-service entries are part of
// the spec's mapping table even though no route uses them.
const SEGMENT_PAIRS = [
  ['hizmetler', 'services'],
  ['siparis', 'order'],
  ['web-sitesi-cevirisi', 'website-translation'],
  ['profesyonel-tercume', 'professional-translation'],
  ['belge-cevirisi', 'document-translation'],
  ['teknik-ceviri', 'technical-translation'],
  ['proofreading', 'proofreading'],
  ['transkripsiyon', 'transcription'],
  ['icerik-yaratma', 'content-creation'],
  ['altyazi-cevirisi', 'subtitle-translation'],
  ['paraphrasing', 'paraphrasing'],
  ['masaustu-yayincilik', 'desktop-publishing'],
  ['kurumsal', 'corporate'],
  ['yardim', 'help'],
  ['sik-sorulan-sorular', 'faq'],
  ['gizlilik-sozlesmesi', 'privacy-policy'],
  ['kullanim-kosullari', 'terms-of-use'],
  ['cerez-politikasi', 'cookie-policy'],
  ['uyelik-sozlesmesi', 'membership-agreement'],
  ['blog', 'blog'],
  ['kalite', 'quality'],
  ['gelistiriciler', 'developers'],
  ['iletisim', 'contact'],
  ['giris', 'login'],
  ['kayit-ol', 'register'],
  ['hesabim', 'account'],
  ['tercuman-kayit', 'freelance-translator'],
  ['parola-sifirla', 'reset-password'],
  ['eposta-dogrula', 'verify-email'],
  ['abonelikten-cik', 'unsubscribe'],
  ['kvkk-basvurusu', 'data-request'],
  ['paraphrasing-hizmeti', 'paraphrasing-service'],
  ['proofreading-hizmeti', 'proofreading-service'],
  // account sub-paths
  ['genel-bakis', 'overview'],
  ['kisisel-bilgiler', 'personal-info'],
  ['siparislerim', 'orders'],
  ['dosyalarim', 'files'],
  ['fatura-bilgileri', 'billing-info'],
  ['ayarlar', 'settings'],
  ['banka-hesaplari', 'bank-accounts'],
  ['aktif-islerim', 'active-jobs'],
  ['havuzdaki-isler', 'job-pool'],
  ['gecmis-islerim', 'past-jobs'],
  ['kazanclar', 'earnings'],
  ['tatil-modu', 'vacation-mode'],
  ['destek', 'support'],
  ['yetkinliklerim', 'competencies'],
  // below an account section
  ['teklifler', 'quotes'],
  ['faturalar', 'invoices'],
  ['bakiye', 'balance'],
  ['talepler', 'tickets'],
  ['api-anahtarlari', 'api-keys'],
  ['webhooklar', 'webhooks'],
  ['yonetim', 'admin'],
];

// The back office's segments (DESIGN §11), below /tr/yonetim and /en/admin only, so an English
// word may mean one thing there and another in the account (orders, quotes, invoices).
const STAFF_SEGMENT_PAIRS = [
  ['siparisler', 'orders'],
  ['teklifler', 'quotes'],
  ['faturalar', 'invoices'],
  ['havaleler', 'transfers'],
  ['bakiyeler', 'balances'],
  ['odemeler', 'payouts'],
  ['musteriler', 'customers'],
  ['basvurular', 'applications'],
  ['cevirmenler', 'translators'],
  ['talepler', 'tickets'],
  ['api-anahtarlari', 'api-keys'],
  ['canli-destek', 'live-chat'],
  ['mesajlar', 'inquiries'],
  ['kvkk', 'data-requests'],
  ['icerik', 'content'],
  ['fiyatlar', 'prices'],
  ['denetim', 'audit'],
];

const TO_EN = new Map(SEGMENT_PAIRS.map(([tr, en]) => [tr, en]));
const TO_TR = new Map(SEGMENT_PAIRS.map(([tr, en]) => [en, tr]));
const STAFF_TO_EN = new Map(STAFF_SEGMENT_PAIRS.map(([tr, en]) => [tr, en]));
const STAFF_TO_TR = new Map(STAFF_SEGMENT_PAIRS.map(([tr, en]) => [en, tr]));

// Screens by key, with their path in each language.
export const PATHS = {
  home: { tr: '/tr', en: '/en' },
  services: { tr: '/tr/hizmetler', en: '/en/services' },
  order: { tr: '/tr/siparis', en: '/en/order' },
  websiteTranslation: { tr: '/tr/web-sitesi-cevirisi', en: '/en/website-translation' },
  professionalTranslation: { tr: '/tr/profesyonel-tercume', en: '/en/professional-translation' },
  documentTranslation: { tr: '/tr/belge-cevirisi', en: '/en/document-translation' },
  technicalTranslation: { tr: '/tr/teknik-ceviri', en: '/en/technical-translation' },
  proofreading: { tr: '/tr/proofreading', en: '/en/proofreading' },
  transcription: { tr: '/tr/transkripsiyon', en: '/en/transcription' },
  contentCreation: { tr: '/tr/icerik-yaratma', en: '/en/content-creation' },
  subtitleTranslation: { tr: '/tr/altyazi-cevirisi', en: '/en/subtitle-translation' },
  paraphrasing: { tr: '/tr/paraphrasing', en: '/en/paraphrasing' },
  desktopPublishing: { tr: '/tr/masaustu-yayincilik', en: '/en/desktop-publishing' },
  corporate: { tr: '/tr/kurumsal', en: '/en/corporate' },
  help: { tr: '/tr/yardim', en: '/en/help' },
  faq: { tr: '/tr/sik-sorulan-sorular', en: '/en/faq' },
  privacy: { tr: '/tr/gizlilik-sozlesmesi', en: '/en/privacy-policy' },
  terms: { tr: '/tr/kullanim-kosullari', en: '/en/terms-of-use' },
  cookies: { tr: '/tr/cerez-politikasi', en: '/en/cookie-policy' },
  membership: { tr: '/tr/uyelik-sozlesmesi', en: '/en/membership-agreement' },
  blog: { tr: '/tr/blog', en: '/en/blog' },
  quality: { tr: '/tr/kalite', en: '/en/quality' },
  // The public API's page for developers: its introduction and the OpenAPI document's operations.
  developers: { tr: '/tr/gelistiriciler', en: '/en/developers' },
  contact: { tr: '/tr/iletisim', en: '/en/contact' },
  login: { tr: '/tr/giris', en: '/en/login' },
  register: { tr: '/tr/kayit-ol', en: '/en/register' },
  account: { tr: '/tr/hesabim', en: '/en/account' },
  // The page a password-reset mail links to, with ?token=; rendered in the browser only.
  resetPassword: { tr: '/tr/parola-sifirla', en: '/en/reset-password' },
  // The pages the account's mails link to, with ?token=: confirming the address, and one-click
  // unsubscribe (svc-auth API.md "Mails"); rendered in the browser only.
  verifyEmail: { tr: '/tr/eposta-dogrula', en: '/en/verify-email' },
  unsubscribe: { tr: '/tr/abonelikten-cik', en: '/en/unsubscribe' },
  // A visitor's KVKK request, and the pages its mailed links open (?token=, ?download=); in the
  // browser only.
  dataRequest: { tr: '/tr/kvkk-basvurusu', en: '/en/data-request' },
  translatorApplication: { tr: '/tr/tercuman-kayit', en: '/en/freelance-translator' },
  // The back office (DESIGN §11): staff only, its dashboard at the path itself.
  admin: { tr: '/tr/yonetim', en: '/en/admin' },
};

// The back office's sections (Turkish segments below PATHS.admin), in menu order, and the
// sections whose items have a page of their own (/tr/yonetim/basvurular/<id>).
// One line each: a section is listed once its route module exists (router.jsx staffPages).
export const STAFF_SECTIONS = [
  'siparisler',
  'teklifler',
  'faturalar',
  'havaleler',
  'bakiyeler',
  'odemeler',
  'musteriler',
  'basvurular',
  'cevirmenler',
  'talepler',
  'canli-destek',
  'mesajlar',
  'kvkk',
  'api-anahtarlari',
  'icerik',
  'fiyatlar',
  'denetim',
];
export const STAFF_DETAILS = {
  order: 'siparisler',
  quote: 'teklifler',
  invoice: 'faturalar',
  customer: 'musteriler',
  application: 'basvurular',
  ticket: 'talepler',
  chat: 'canli-destek',
  inquiry: 'mesajlar',
  post: 'icerik',
};

/** isStaffPath tells whether pathname is in the back office (/tr/yonetim/…, /en/admin/…). */
export const isStaffPath = (pathname) => Object.values(PATHS.admin).some((base) => pathname === base || pathname.startsWith(`${base}/`));

/** staffPath is the dashboard, a section or one item of it: /tr/yonetim/basvurular/<id>, /en/admin/applications/<id>. */
export function staffPath(lang, section, id) {
  const base = PATHS.admin[lang];
  if (!base) throw new Error(`unknown language ${lang}`);
  if (!section) return base;
  if (!STAFF_SECTIONS.includes(section)) throw new Error(`unknown staff section ${section}`);
  const sub = `${base}/${lang === 'en' ? STAFF_TO_EN.get(section) : section}`;
  return id === undefined ? sub : `${sub}/${encodeURIComponent(id)}`;
}

// The catalogue's service ids (svc-catalog) and the screen each one opens.
export const SERVICE_SCREENS = {
  'professional-translation': 'professionalTranslation',
  'website-translation': 'websiteTranslation',
  'content-creation': 'contentCreation',
  proofreading: 'proofreading',
  'subtitle-translation': 'subtitleTranslation',
  paraphrasing: 'paraphrasing',
  transcription: 'transcription',
  'desktop-publishing': 'desktopPublishing',
};

// Account menus per role (spec §2, §6): customer is also the fallback.
export const ACCOUNT_MENUS = {
  customer: ['genel-bakis', 'kisisel-bilgiler', 'siparislerim', 'dosyalarim', 'fatura-bilgileri', 'ayarlar'],
  translator: ['genel-bakis', 'kisisel-bilgiler', 'banka-hesaplari', 'kazanclar', 'aktif-islerim', 'havuzdaki-isler', 'gecmis-islerim', 'tatil-modu', 'destek', 'yetkinliklerim', 'ayarlar'],
};

// The pages of single items below an account section (an order, a quote, an invoice, a support
// ticket), by kind: the Turkish
// segments between the account path and the item's id. Ids are opaque hex strings, so they never
// collide with a segment. The route table needs these; the helpers that build and read such
// paths live in account-paths.js, which only the account and order screens load.
export const ACCOUNT_DETAILS = {
  order: ['siparislerim'],
  quote: ['siparislerim', 'teklifler'],
  invoice: ['fatura-bilgileri', 'faturalar'],
  ticket: ['destek', 'talepler'],
};

// The tabs of an account section beyond its first (the section's own path), by section: the
// Turkish segment of each below the section. The billing area: details | invoices | balance; the
// settings: the account's | API keys | webhooks (a customer's). (The translator's earnings are a
// section of their own, beside the bank accounts, in their menu.)
export const ACCOUNT_TABS = {
  'fatura-bilgileri': ['faturalar', 'bakiye'],
  ayarlar: ['api-anahtarlari', 'webhooklar'],
};

/** accountTabPath is a section's tab: /tr/hesabim/fatura-bilgileri/bakiye, /en/account/billing-info/balance. */
export function accountTabPath(lang, section, tab) {
  if (!ACCOUNT_TABS[section]?.includes(tab)) throw new Error(`unknown account tab ${section}/${tab}`);
  return `${accountPath(lang, section)}/${lang === 'en' ? TO_EN.get(tab) : tab}`;
}

/** accountDetailSegments are those segments in lang: ['orders', 'quotes'] for a quote in English. */
export function accountDetailSegments(lang, kind) {
  const segments = ACCOUNT_DETAILS[kind];
  if (!segments) throw new Error(`unknown account detail ${kind}`);
  return lang === 'en' ? segments.map((s) => TO_EN.get(s)) : [...segments];
}

/** path returns the path of a screen in a language, with extra segments appended. */
export function path(key, lang, ...rest) {
  const base = PATHS[key]?.[lang];
  if (!base) throw new Error(`unknown path ${key}/${lang}`);
  return [base, ...rest.map(encodeURIComponent)].join('/');
}

/** accountPath returns /tr/hesabim/<sub> or /en/account/<sub in English>. */
export function accountPath(lang, trSegment) {
  const sub = lang === 'en' ? TO_EN.get(trSegment) : trSegment;
  if (!sub) throw new Error(`unknown account section ${trSegment}`);
  return `${PATHS.account[lang]}/${sub}`;
}

/**
 * languageOf returns the language of a path from its first segment, else from the browser's
 * languages, else Turkish (spec §2).
 */
export function languageOf(pathname, browserLanguages = []) {
  const first = pathname.split('/')[1];
  if (LANGUAGES.includes(first)) return first;
  for (const tag of browserLanguages) {
    const primary = String(tag).toLowerCase().split('-')[0];
    if (LANGUAGES.includes(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}

/**
 * switchLanguage maps every segment of pathname to its counterpart in the target language.
 * Segments without a counterpart (blog slugs, order ids) stay as they are unless alternates
 * names them, e.g. { 'yeminli-tercume-nedir': 'what-is-sworn-translation' }.
 */
export function switchLanguage(pathname, to, alternates = {}) {
  if (!LANGUAGES.includes(to)) throw new Error(`unknown language ${to}`);
  const [, first, ...rest] = pathname.split('/');
  if (!LANGUAGES.includes(first)) return `/${to}`;
  const segments = rest.filter((s) => s !== '');
  const staff = segments[0] === 'yonetim' || segments[0] === 'admin';
  const general = to === 'en' ? TO_EN : TO_TR;
  const below = staff ? (to === 'en' ? STAFF_TO_EN : STAFF_TO_TR) : general;
  const mapped = segments.map((s, i) => alternates[s] ?? (first === to ? s : (i === 0 ? general : below).get(s) ?? s));
  return ['', to, ...mapped].join('/');
}
