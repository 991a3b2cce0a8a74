import { useParams } from 'react-router-dom';
import { ApplicationDetail } from '../../../features/staff/components/applications.jsx';

/** Component is one application in the back office (DESIGN §11). */
export function Component() {
  const { id } = useParams();
  return <ApplicationDetail id={id} />;
}
