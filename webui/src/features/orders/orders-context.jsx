import { createContext, useContext, useMemo } from 'react';
import { useLanguage } from '../../lib/language.jsx';
import { useLanguages } from '../../lib/api/get-languages.js';
import './orders.css';
import '../../components/timeline.css';

const OrdersContext = createContext(null);

/**
 * OrdersProvider gives this feature the catalogue's language names and the display currency,
 * which the currency feature owns: the route passes it in, so the feature imports no other
 * feature. BillingStep is the billing details step of a quote's approval, which the billing
 * feature draws (ApprovalDetails' props); without it quotes are approved in one click.
 */
export function OrdersProvider({ currency, BillingStep = null, children }) {
  const lang = useLanguage();
  const { languages } = useLanguages();
  const value = useMemo(() => {
    const names = new Map((languages ?? []).map((l) => [l.code, lang === 'en' ? l.nameEn : l.nameTr]));
    return { languages: languages ?? [], currency, BillingStep, languageName: (code) => names.get(code) ?? code };
  }, [languages, currency, BillingStep, lang]);
  return <OrdersContext.Provider value={value}>{children}</OrdersContext.Provider>;
}

/** useOrdersContext is { languages, currency, BillingStep, languageName(code) }; outside OrdersProvider it throws. */
export function useOrdersContext() {
  const value = useContext(OrdersContext);
  if (value === null) throw new Error('useOrdersContext must be used within an OrdersProvider');
  return value;
}
