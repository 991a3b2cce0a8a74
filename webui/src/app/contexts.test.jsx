import { expect, test } from 'vitest';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { LanguageProvider, useLanguage } from '../lib/language.jsx';
import { useCurrency } from '../features/currency/currency-context.jsx';
import { AuthProvider, useAuth } from '../features/auth/auth-context.jsx';

// Spec §8: the language and currency contexts (and the auth context) throw when used outside their providers.
test('language, currency and auth contexts throw outside their providers', () => {
  const UsesLanguage = () => useLanguage();
  const UsesCurrency = () => useCurrency().currency;
  const UsesAuth = () => String(useAuth().loggedIn);
  expect(() => renderToString(<UsesLanguage />)).toThrow('useLanguage must be used within a LanguageProvider');
  expect(() => renderToString(<UsesCurrency />)).toThrow('useCurrency must be used within a CurrencyProvider');
  expect(() => renderToString(<UsesAuth />)).toThrow('useAuth must be used within an AuthProvider');
});

// Prerendered pages are hydrated: the first render must be a visitor whose session is still
// being checked, whatever cookies the browser holds.
test('the auth state starts as a loading visitor', () => {
  const Probe = () => {
    const { loading, loggedIn, user, role } = useAuth();
    return `${loading}/${loggedIn}/${user}/${role}`;
  };
  const html = renderToString(
    <MemoryRouter initialEntries={['/tr/giris']}>
      <LanguageProvider>
        <AuthProvider>
          <Probe />
        </AuthProvider>
      </LanguageProvider>
    </MemoryRouter>,
  );
  expect(html).toBe('true/false/null/customer');
});
