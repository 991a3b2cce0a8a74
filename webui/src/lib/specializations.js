// The specialisation fields (svc-translators' fixed keys, API.md) and their names in both
// languages. They live here, not in a feature, because the translator's own screens, the staff's
// applications and translators lists all name the same fields and features may not import each
// other (eslint's boundaries); keeping one list means one spelling of "Hukuk" everywhere.
import { useLanguage } from './language.jsx';
import { defineTexts, plainKey, textsIn } from './i18n.js';

export const SPECIALIZATIONS = ['legal', 'medical', 'technical', 'financial', 'marketing', 'literary', 'academic', 'it', 'automotive', 'energy', 'tourism', 'gaming'];

export const specializationNames = {
  tr: {
    legal: 'Hukuk',
    medical: 'Tıp',
    technical: 'Teknik',
    financial: 'Finans',
    marketing: 'Pazarlama',
    literary: 'Edebiyat',
    academic: 'Akademik',
    it: 'Bilişim',
    automotive: 'Otomotiv',
    energy: 'Enerji',
    tourism: 'Turizm',
    gaming: 'Oyun',
  },
  en: {
    legal: 'Legal',
    medical: 'Medical',
    technical: 'Technical',
    financial: 'Financial',
    marketing: 'Marketing',
    literary: 'Literary',
    academic: 'Academic',
    it: 'IT',
    automotive: 'Automotive',
    energy: 'Energy',
    tourism: 'Tourism',
    gaming: 'Gaming',
  },
};

const SPECIALIZATIONS_NS = 'specializations';
defineTexts(SPECIALIZATIONS_NS, specializationNames);

/** specializationName names a field key in lang; an unknown key (a newer server's) shows as sent. */
export function specializationName(lang, key) {
  return textsIn(lang, SPECIALIZATIONS_NS)(plainKey(key), { defaultValue: key });
}

/** useSpecializationName names field keys in the page's language. */
export function useSpecializationName() {
  const lang = useLanguage();
  return (key) => specializationName(lang, key);
}
