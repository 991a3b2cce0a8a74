import { createContext, useContext } from 'react';
import { useLocation } from 'react-router';
import { languageOf } from '../config/paths.js';

const LanguageContext = createContext(null);

/** LanguageProvider gives the tree the language of the current path (spec §2). */
export function LanguageProvider({ children }) {
  const { pathname } = useLocation();
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  return <LanguageContext.Provider value={languageOf(pathname, browser)}>{children}</LanguageContext.Provider>;
}

/** useLanguage is "tr" or "en"; outside LanguageProvider it throws (spec §8). */
export function useLanguage() {
  const lang = useContext(LanguageContext);
  if (lang === null) throw new Error('useLanguage must be used within a LanguageProvider');
  return lang;
}
