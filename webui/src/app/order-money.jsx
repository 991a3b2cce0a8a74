import { PriceBreakdown } from '../components/price-breakdown.jsx';
import { OrderInvoice } from '../features/billing/components/order-invoice.jsx';

/**
 * OrderMoney is the money side of an order's page, composed from the billing feature: what was
 * invoiced and paid (the invoice's number, net, KDV and total, paid or waiting, linking the
 * invoice), or, before the invoice is issued, the order's price with KDV as it will be invoiced.
 */
export function OrderMoney({ order }) {
  return (
    <OrderInvoice
      orderId={order.id}
      fallback={
        <section className="account__block" data-testid="order-price">
          <PriceBreakdown total={order.total} totalUsd={order.totalUsd} title={2} />
        </section>
      }
    />
  );
}
