import { useLocation } from 'react-router-dom';
import { languageOf } from '../config/paths.js';
import { LanguageContext, useLanguage } from './language-context.js';

export { useLanguage };

/** LanguageProvider gives the tree the language of the current path (spec §2). */
export function LanguageProvider({ children }) {
  const { pathname } = useLocation();
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  return <LanguageContext.Provider value={languageOf(pathname, browser)}>{children}</LanguageContext.Provider>;
}

