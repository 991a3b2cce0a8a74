import { useOutletContext } from 'react-router-dom';
import { OrdersPage } from '../../../features/orders/components/orders-list.jsx';
import { OrdersWithCurrency } from '../../orders-with-currency.jsx';

/** Component is the customer's quotes and orders (spec §6), priced in the display currency. */
export function Component() {
  const { title } = useOutletContext();
  return (
    <OrdersWithCurrency>
      <h1>{title}</h1>
      <OrdersPage />
    </OrdersWithCurrency>
  );
}
