import { useOutletContext } from 'react-router-dom';
import { DueJobs } from '../../../features/jobs/components/due-jobs.jsx';
import { VacationMode } from '../../../features/translators/components/vacation-mode.jsx';

// Vacation mode (svc-translators' vacations, DESIGN §10): a translator on vacation gets no work
// and is told what is still on their desk, which svc-orders knows (the jobs feature's list).
export function Component() {
  const { title } = useOutletContext();
  return (
    <>
      <h1>{title}</h1>
      <VacationMode due={<DueJobs />} />
    </>
  );
}
