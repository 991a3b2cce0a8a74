import { useCurrency } from '../features/currency/currency-context.jsx';
import { OrdersProvider } from '../features/orders/orders-context.jsx';

/**
 * OrdersWithCurrency gives the orders feature the header's display currency, which the currency
 * feature owns; the order screen and the account's order screens compose the two with it.
 */
export function OrdersWithCurrency({ children }) {
  const { currency } = useCurrency();
  return <OrdersProvider currency={currency}>{children}</OrdersProvider>;
}
