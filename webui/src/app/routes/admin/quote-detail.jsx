import { useParams } from 'react-router-dom';
import { StaffQuoteDetail } from '../../../features/staff/components/quotes.jsx';

/** Component is one quote in the back office (DESIGN §11). */
export function Component() {
  const { id } = useParams();
  return <StaffQuoteDetail id={id} />;
}
