import { expect, test } from 'vitest';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { createI18n } from '../../../lib/i18n.js';
import { LanguageProvider } from '../../../lib/language.jsx';
import { OAuthProviders } from './oauth-buttons.jsx';

const render = (lang, providers) =>
  renderToString(
    <I18nextProvider i18n={createI18n(lang)}>
      <MemoryRouter initialEntries={[lang === 'en' ? '/en/login' : '/tr/giris']}>
        <LanguageProvider>
          <OAuthProviders providers={providers} returnTo={`/${lang}/hesabim`} />
        </LanguageProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );

const buttons = (html) => [...html.matchAll(/data-provider="([^"]+)"/g)].map((m) => m[1]);
const links = (html) => [...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1].replaceAll('&amp;', '&'));

const LOCAL_NOTE = {
  tr: 'Yerel deneme girişi: Google ve Facebook düğmeleri bu bilgisayardaki bir taklit sağlayıcıya gider, gerçek hesaplara değil.',
  en: 'Local test sign-in: the Google and Facebook buttons go to a stand-in provider on this machine, not to the real ones.',
};

test('a local stand-in is said so under the Google and Facebook buttons, in both languages, and is no button itself', () => {
  for (const lang of ['tr', 'en']) {
    const html = render(lang, { google: true, facebook: true, local: true });
    expect(html, lang).toContain(LOCAL_NOTE[lang]);
    expect(html).toContain('data-testid="oauth-local"');
    expect(buttons(html)).toEqual(['google', 'facebook']);
    expect(links(html)).toEqual([
      `/api/v1/auth/oauth/google/start?returnTo=%2F${lang}%2Fhesabim&lang=${lang}`,
      `/api/v1/auth/oauth/facebook/start?returnTo=%2F${lang}%2Fhesabim&lang=${lang}`,
    ]);
    // The note is under the buttons, and both buttons are described by it.
    const note = html.match(/<p id="([^"]+)" class="oauth__local"/)?.[1];
    expect(note).toBeTruthy();
    expect(html.indexOf('oauth__local')).toBeGreaterThan(html.lastIndexOf('data-provider='));
    expect(html.split(`aria-describedby="${note}"`).length - 1).toBe(2);
  }
});

test('real providers, unconfigured ones and a pending answer carry no stand-in note', () => {
  for (const providers of [{ google: true, facebook: true }, { google: true, facebook: true, local: false }, { google: false, facebook: false }, {}, null]) {
    const html = render('en', providers);
    expect(html, JSON.stringify(providers)).not.toContain('oauth-local');
    expect(html).not.toContain(LOCAL_NOTE.en);
    expect(buttons(html)).toEqual(['google', 'facebook']);
  }
  // Only configured providers are links; local alone turns no button on.
  expect(links(render('tr', { local: true }))).toEqual([]);
  expect(render('tr', { local: true })).toContain(LOCAL_NOTE.tr);
});
