import { ApprovalDetails } from '../features/billing/components/approval-details.jsx';
import { useCurrency } from '../features/currency/currency-context.jsx';
import { OrdersProvider } from '../features/orders/orders-context.jsx';

/**
 * OrdersWithCurrency gives the orders feature the header's display currency, which the currency
 * feature owns, and the billing feature's details step that a quote's approval goes through
 * (the invoice is issued from those details); the order screen and the account's order screens
 * compose them with it.
 */
export function OrdersWithCurrency({ children }) {
  const { currency } = useCurrency();
  return (
    <OrdersProvider currency={currency} BillingStep={ApprovalDetails}>
      {children}
    </OrdersProvider>
  );
}
