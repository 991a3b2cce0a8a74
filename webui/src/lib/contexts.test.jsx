import { expect, test } from 'vitest';
import { renderToString } from 'react-dom/server';
import { useLanguage } from './language.jsx';
import { useCurrency } from '../features/currency/currency-context.jsx';

// Spec §8: the language and currency contexts throw when used outside their providers.
test('language and currency contexts throw outside their providers', () => {
  const UsesLanguage = () => useLanguage();
  const UsesCurrency = () => useCurrency().currency;
  expect(() => renderToString(<UsesLanguage />)).toThrow('useLanguage must be used within a LanguageProvider');
  expect(() => renderToString(<UsesCurrency />)).toThrow('useCurrency must be used within a CurrencyProvider');
});
