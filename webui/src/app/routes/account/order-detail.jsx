import { useParams } from 'react-router';
import { OrderDetail } from '../../../features/orders/components/order-detail.jsx';
import { OrdersWithCurrency } from '../../orders-with-currency.jsx';

/** Component is one of the customer's orders: /tr/hesabim/siparislerim/{id}. */
export function Component() {
  const { id } = useParams();
  return (
    <OrdersWithCurrency>
      <OrderDetail key={id} orderId={id} />
    </OrdersWithCurrency>
  );
}
