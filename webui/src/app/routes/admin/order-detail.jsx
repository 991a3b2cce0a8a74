import { useParams } from 'react-router-dom';
import { StaffOrderDetail } from '../../../features/staff/components/order-detail.jsx';

/** Component is one order in the back office (DESIGN §11). */
export function Component() {
  const { id } = useParams();
  return <StaffOrderDetail id={id} />;
}
