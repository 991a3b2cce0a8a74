import { useOutletContext } from 'react-router-dom';
import { PastJobs } from '../../../features/jobs/components/past-jobs.jsx';

// The translator's past jobs: what they delivered, with the customer or completed, with files and pay.
export function Component() {
  const { title } = useOutletContext();
  return (
    <>
      <h1>{title}</h1>
      <PastJobs />
    </>
  );
}
