import { useParams } from 'react-router-dom';
import { OrderDetail } from '../../../features/orders/components/order-detail.jsx';
import { OrderMoney } from '../../order-money.jsx';
import { OrdersWithCurrency } from '../../orders-with-currency.jsx';

const money = (order) => <OrderMoney order={order} />;

/** Component is one of the customer's orders: /tr/hesabim/siparislerim/{id}, with what it was invoiced and paid. */
export function Component() {
  const { id } = useParams();
  return (
    <OrdersWithCurrency>
      <OrderDetail key={id} orderId={id} money={money} />
    </OrdersWithCurrency>
  );
}
