import { createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { getDisplayCurrency } from './api/get-display-currency.js';
import { FALLBACK_CURRENCY, currencyCookie, formatMoney } from './currency.js';

const CurrencyContext = createContext(null);

/**
 * CurrencyProvider holds the display currency. The first render (prerendered or hydrating)
 * shows USD; the visitor's stored choice or country is applied right after.
 */
export function CurrencyProvider({ children }) {
  const [currency, setCurrency] = useState(FALLBACK_CURRENCY);
  const [resolved, setResolved] = useState(false);

  useEffect(() => {
    let active = true;
    getDisplayCurrency().then((code) => {
      if (!active) return;
      setCurrency(code);
      setResolved(true);
    });
    return () => {
      active = false;
    };
  }, []);

  const choose = useCallback((code) => {
    document.cookie = currencyCookie(code);
    setCurrency(code);
    setResolved(true);
  }, []);

  const value = useMemo(() => ({ currency, resolved, choose }), [currency, resolved, choose]);
  return <CurrencyContext.Provider value={value}>{children}</CurrencyContext.Provider>;
}

/** useCurrency is { currency, resolved, choose(code) }; outside CurrencyProvider it throws (spec §8). */
export function useCurrency() {
  const value = useContext(CurrencyContext);
  if (value === null) throw new Error('useCurrency must be used within a CurrencyProvider');
  return value;
}

/** useMoney formats minor units of USD-converted amounts in the display currency. */
export function useMoney(lang) {
  const { currency } = useCurrency();
  return useCallback((minor) => formatMoney(minor, currency, lang), [currency, lang]);
}
