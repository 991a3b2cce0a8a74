import { useEffect, useId, useState } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { getProviders, oauthStartUrl } from '../api/account.js';
import { useAuthTexts } from './auth-form.jsx';

const PROVIDERS = ['google', 'facebook'];

/**
 * OAuthButtons offers Google and Facebook sign-in (spec §3). The login page is prerendered, so
 * which providers this site has configured is asked after hydration; until the answer the
 * buttons wait, and a provider that is not configured stays visibly unavailable with a note.
 */
export function OAuthButtons({ returnTo }) {
  const lang = useLanguage();
  const t = useAuthTexts();
  const id = useId();
  const [providers, setProviders] = useState(null);

  useEffect(() => {
    let active = true;
    getProviders()
      .then((p) => active && setProviders(p ?? {}))
      .catch(() => active && setProviders({}));
    return () => {
      active = false;
    };
  }, []);

  return (
    <div className="oauth" aria-busy={providers === null} data-testid="oauth">
      <p className="oauth__or">{t('oauth.or')}</p>
      <ul className="oauth__list">
        {PROVIDERS.map((p) => (
          <li key={p}>
            {providers?.[p] === true ? (
              <a className="button button--ghost oauth__button" href={oauthStartUrl(p, returnTo, lang)} data-provider={p}>
                {t(`oauth.${p}`)}
              </a>
            ) : (
              <>
                <button
                  type="button"
                  className="button button--ghost oauth__button oauth__button--off"
                  aria-disabled="true"
                  aria-describedby={providers ? `${id}-${p}` : undefined}
                  data-provider={p}
                >
                  {t(`oauth.${p}`)}
                </button>
                {providers && (
                  <p id={`${id}-${p}`} className="field__hint">
                    {t('oauth.off')}
                  </p>
                )}
              </>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
