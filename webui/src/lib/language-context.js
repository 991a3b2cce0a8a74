import { createContext, useContext } from 'react';

// The page's language as React context, without JSX: plain modules that read it (lib/i18n.js)
// stay loadable by Node, as the browser tests load lib/order-status.js for its words.
// LanguageProvider (language.jsx) fills it.
export const LanguageContext = createContext(null);

/** useLanguage is "tr" or "en"; outside LanguageProvider it throws (spec §8). */
export function useLanguage() {
  const lang = useContext(LanguageContext);
  if (lang === null) throw new Error('useLanguage must be used within a LanguageProvider');
  return lang;
}
