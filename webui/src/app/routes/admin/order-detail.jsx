import { useParams } from 'react-router';
import { StaffOrderDetail } from '../../../features/staff/components/orders.jsx';

/** Component is one order in the back office (DESIGN §11). */
export function Component() {
  const { id } = useParams();
  return <StaffOrderDetail id={id} />;
}
