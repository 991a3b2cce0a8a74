// Rendering components to HTML in tests: the page's language, a router at a path and an
// SWR cache holding given answers (keys as the api modules make them).
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { SWRConfig, unstable_serialize } from 'swr';
import { createI18n } from './i18n.js';
import { LanguageProvider } from './language.jsx';

export function render(node, { path = '/tr/hesabim', answers = [] } = {}) {
  const fallback = Object.fromEntries(answers.map(([key, data]) => [unstable_serialize(key), data]));
  return renderToString(
    <I18nextProvider i18n={createI18n(path.split('/')[1] || 'tr')}>
      <MemoryRouter initialEntries={[path]}>
        <LanguageProvider>
          <SWRConfig value={{ provider: () => new Map(), fallback }}>{node}</SWRConfig>
        </LanguageProvider>
      </MemoryRouter>
    </I18nextProvider>,
  );
}

/** text is an HTML string's text: tags dropped, entities and spaces made plain. */
export const text = (html) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replaceAll('&amp;', '&')
    .replaceAll('&#x27;', "'")
    .replaceAll('&quot;', '"')
    .replace(/\s+/g, ' ')
    .trim();
