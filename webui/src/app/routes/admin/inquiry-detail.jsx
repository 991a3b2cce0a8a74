import { useParams } from 'react-router-dom';
import { InquiryDetail } from '../../../features/staff/components/inquiries.jsx';

/** Component is one contact or corporate message in the back office (DESIGN §11). */
export function Component() {
  const { id } = useParams();
  return <InquiryDetail id={id} />;
}
