import { useOutletContext } from 'react-router-dom';
import { ActiveJobs } from '../../../features/jobs/components/active-jobs.jsx';

// The translator's active jobs: the orders assigned to them, to download, deliver or give back.
export function Component() {
  const { title } = useOutletContext();
  return (
    <>
      <h1>{title}</h1>
      <ActiveJobs />
    </>
  );
}
