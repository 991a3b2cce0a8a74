import { use } from 'react';
import { useLocation } from 'react-router-dom';
import { languageOf } from '../config/paths.js';
import { commonTextsPending } from './i18n.js';
import { LanguageContext, useLanguage } from './language-context.js';

export { useLanguage };

/** LanguageProvider gives the tree the language of the current path (spec §2). */
export function LanguageProvider({ children }) {
  const { pathname } = useLocation();
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages ?? [navigator.language];
  const lang = languageOf(pathname, browser);
  // The screens' routes load their language's shared texts before they commit (app/router.jsx);
  // a path that reaches another language otherwise (an unknown path's not-found page) waits here
  // for them, inside the router's transition, so the previous page stays until they are there.
  const pending = commonTextsPending(lang);
  if (pending) use(pending);
  return <LanguageContext.Provider value={lang}>{children}</LanguageContext.Provider>;
}

