import { useOutletContext } from 'react-router-dom';
import { FilesPage } from '../../../features/orders/components/files-list.jsx';
import { OrdersWithCurrency } from '../../orders-with-currency.jsx';

/** Component is the customer's files: what they uploaded and what was delivered. */
export function Component() {
  const { title } = useOutletContext();
  return (
    <OrdersWithCurrency>
      <h1>{title}</h1>
      <FilesPage />
    </OrdersWithCurrency>
  );
}
