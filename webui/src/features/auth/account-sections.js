import { defineTexts } from '../../lib/i18n.js';
import { ACCOUNT_MENUS, accountPath } from '../../config/paths.js';

// The account menus' labels (spec §2), shared by the header's account menu, the mobile menu and
// the account pages' side menu. Keys are the Turkish sub-paths of paths.js.
export const sectionTexts = {
  tr: {
    account: 'Hesabım',
    menuLabel: 'Hesap menüsü',
    logout: 'Çıkış Yap',
    sections: {
      'genel-bakis': 'Genel Bakış',
      'kisisel-bilgiler': 'Kişisel Bilgiler',
      siparislerim: 'Siparişlerim',
      dosyalarim: 'Dosyalarım',
      'fatura-bilgileri': 'Fatura Bilgileri',
      ayarlar: 'Ayarlar',
      'banka-hesaplari': 'Banka Hesapları',
      'aktif-islerim': 'Aktif İşlerim',
      'havuzdaki-isler': 'Havuzdaki İşler',
      'gecmis-islerim': 'Geçmiş İşlerim',
      kazanclar: 'Kazançlarım',
      'tatil-modu': 'Tatil Modu',
      destek: 'Destek',
      yetkinliklerim: 'Yetkinliklerim',
    },
  },
  en: {
    account: 'My account',
    menuLabel: 'Account menu',
    logout: 'Log out',
    sections: {
      'genel-bakis': 'Overview',
      'kisisel-bilgiler': 'Personal info',
      siparislerim: 'My orders',
      dosyalarim: 'My files',
      'fatura-bilgileri': 'Billing info',
      ayarlar: 'Settings',
      'banka-hesaplari': 'Bank accounts',
      'aktif-islerim': 'Active jobs',
      'havuzdaki-isler': 'Job pool',
      'gecmis-islerim': 'Past jobs',
      kazanclar: 'Earnings',
      'tatil-modu': 'Vacation mode',
      destek: 'Support',
      yetkinliklerim: 'Competencies',
    },
  },
};

export const SECTIONS_NS = 'account-sections';

/** useSectionTexts is `t` of the account sections' names. */
export const useSectionTexts = defineTexts(SECTIONS_NS, sectionTexts);

/** menuOf is the account menu of a role (customer, the fallback, or translator). */
export function menuOf(role) {
  return ACCOUNT_MENUS[role] ?? ACCOUNT_MENUS.customer;
}

const SECTIONS = [...new Set([...ACCOUNT_MENUS.customer, ...ACCOUNT_MENUS.translator])];

/**
 * accountSection returns the Turkish key of an account sub-path in lang ("personal-info" in
 * English, "kisisel-bilgiler" in Turkish → "kisisel-bilgiler"), or undefined if there is none.
 */
export function accountSection(lang, segment) {
  return SECTIONS.find((key) => accountPath(lang, key).split('/').pop() === segment);
}
