import { StrictMode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { SWRConfig } from 'swr';
import { fetcher } from '../lib/api-client.js';

/**
 * AppProvider holds what does not depend on the route: texts and data fetching. fallback is
 * the prerendered API answers; use holds SWR middlewares (the prerenderer records keys).
 */
export function AppProvider({ i18n, fallback = {}, use = [], children }) {
  return (
    <StrictMode>
      <I18nextProvider i18n={i18n}>
        <SWRConfig value={{ fetcher, fallback, use, revalidateOnFocus: false, dedupingInterval: 60_000 }}>
          {children}
        </SWRConfig>
      </I18nextProvider>
    </StrictMode>
  );
}
