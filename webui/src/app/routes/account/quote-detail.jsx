import { useParams } from 'react-router-dom';
import { QuoteDetail } from '../../../features/orders/components/order-detail.jsx';
import { OrdersWithCurrency } from '../../orders-with-currency.jsx';

/** Component is one of the customer's quotes: /tr/hesabim/siparislerim/teklifler/{id}. */
export function Component() {
  const { id } = useParams();
  return (
    <OrdersWithCurrency>
      <QuoteDetail key={id} quoteId={id} />
    </OrdersWithCurrency>
  );
}
