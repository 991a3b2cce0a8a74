import { useEffect, useId, useState } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { getProviders, oauthStartUrl } from '../api/account.js';
import { useAuthTexts } from './auth-form.jsx';

// The providers there are buttons for. The providers answer may carry other keys (`local`: the
// buttons lead to a stand-in on this machine), which are never buttons.
const PROVIDERS = ['google', 'facebook'];

/**
 * OAuthButtons offers Google and Facebook sign-in (spec §3). The login page is prerendered, so
 * which providers this site has configured is asked after hydration; until the answer the
 * buttons wait, and a provider that is not configured stays visibly unavailable with a note.
 */
export function OAuthButtons({ returnTo }) {
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

  return <OAuthProviders providers={providers} returnTo={returnTo} />;
}

/**
 * OAuthProviders draws the buttons for the providers answer (null while it is awaited). When the
 * providers are a local stand-in (`local: true`, as in `make up`), a note under the buttons,
 * which the buttons are also described by, says so.
 */
export function OAuthProviders({ providers, returnTo }) {
  const lang = useLanguage();
  const t = useAuthTexts();
  const id = useId();
  const local = providers?.local === true;
  return (
    <div className="oauth" aria-busy={providers === null} data-testid="oauth">
      <p className="oauth__or">{t('oauth.or')}</p>
      <ul className="oauth__list">
        {PROVIDERS.map((p) => (
          <li key={p}>
            {providers?.[p] === true ? (
              <a
                className="button button--ghost oauth__button"
                href={oauthStartUrl(p, returnTo, lang)}
                aria-describedby={local ? `${id}-local` : undefined}
                data-provider={p}
              >
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
      {local && (
        <p id={`${id}-local`} className="oauth__local" data-testid="oauth-local">
          {t('oauth.local')}
        </p>
      )}
    </div>
  );
}
