import { useParams } from 'react-router-dom';
import { InvoiceDetail } from '../../../features/staff/components/invoices.jsx';

/** Component is one invoice in the back office (DESIGN §11). */
export function Component() {
  const { id } = useParams();
  return <InvoiceDetail id={id} />;
}
