import { useOutletContext } from 'react-router-dom';
import { JobPool } from '../../../features/jobs/components/job-pool.jsx';

// The job pool (svc-orders, DESIGN §10): paid orders that match the translator, first come first served.
export function Component() {
  const { title } = useOutletContext();
  return (
    <>
      <h1>{title}</h1>
      <JobPool />
    </>
  );
}
