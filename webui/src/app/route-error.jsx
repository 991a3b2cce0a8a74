import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useRouteError } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { isStaffPath, languageOf } from '../config/paths.js';
import { pageTitle } from '../lib/seo.js';

/**
 * RouteError is the router's error screen: "Unexpected Application Error!" with the status or
 * message (spec §2, §8). It needs no provider, so it also covers a failing layout.
 */
export function RouteError() {
  const error = useRouteError();
  const { pathname } = useLocation();
  const lang = languageOf(pathname, typeof navigator === 'undefined' ? [] : navigator.languages ?? []);
  const { t } = useTranslation('common', { lng: lang });
  const detail = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`.trim()
    : error instanceof Error
      ? error.message
      : String(error);

  useEffect(() => {
    console.error(error);
    document.title = pageTitle(t('titles.error'));
  }, [error, t]);

  const screen = (
    <section className="route-error" lang={lang}>
      <h1>Unexpected Application Error!</h1>
      <h2 className="route-error__detail">{detail}</h2>
      <p>{t('error.hint')}</p>
      <a className="button" href={`/${lang}`}>
        {t('error.home')}
      </a>
    </section>
  );
  // The back office's layout brings its own main (root-layout.jsx leaves it out there); when a
  // screen of it fails, the error is the page's main content instead.
  return isStaffPath(pathname) ? (
    <main id="main" tabIndex={-1} className="site-main site-main--staff">
      {screen}
    </main>
  ) : (
    screen
  );
}
