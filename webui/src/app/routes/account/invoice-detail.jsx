import { useEffect } from 'react';
import { useParams } from 'react-router-dom';
import { useLanguage } from '../../../lib/language.jsx';
import { BillingTabs } from '../../../features/billing/components/billing-tabs.jsx';
import { InvoiceDetail } from '../../../features/billing/components/invoice-detail.jsx';
import { useOrder } from '../../../features/orders/api/orders.js';
import { OrderStatus } from '../../../features/orders/components/status-badge.jsx';
import { OrdersWithCurrency } from '../../orders-with-currency.jsx';

// svc-orders moves the order on when it reads invoice.paid, a moment after the payment: while
// the order still awaits payment, it is asked again for a little while.
const ORDER_POLL_MS = 2000;
const ORDER_WATCH_MS = 20_000;

/**
 * PaidOrderStatus is the state of the order an invoice paid for, as the orders feature shows it:
 * the invoice page composes it in when the customer returns from paying.
 */
function PaidOrderStatus({ orderId }) {
  const lang = useLanguage();
  const { data: order, mutate } = useOrder(orderId, lang);
  const waiting = order?.status === 'awaiting_payment';
  useEffect(() => {
    if (!waiting) return undefined;
    const started = Date.now();
    const timer = setInterval(() => (Date.now() - started > ORDER_WATCH_MS ? clearInterval(timer) : mutate()), ORDER_POLL_MS);
    return () => clearInterval(timer);
  }, [waiting, mutate]);
  return order ? <OrderStatus order={order} /> : null;
}

const paidOrder = (orderId) => (
  <OrdersWithCurrency>
    <PaidOrderStatus orderId={orderId} />
  </OrdersWithCurrency>
);

/** Component is one invoice, and the page the payment provider returns to: /tr/hesabim/fatura-bilgileri/faturalar/{id}. */
export function Component() {
  const { id } = useParams();
  return (
    <>
      <BillingTabs />
      <InvoiceDetail key={id} invoiceId={id} paidOrder={paidOrder} />
    </>
  );
}
