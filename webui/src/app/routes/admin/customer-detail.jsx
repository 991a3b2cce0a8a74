import { useParams } from 'react-router-dom';
import { CustomerDetail } from '../../../features/staff/components/customers.jsx';

/** Component is one customer in the back office: profile, orders, invoices, balance (DESIGN §11). */
export function Component() {
  const { id } = useParams();
  return <CustomerDetail id={id} />;
}
