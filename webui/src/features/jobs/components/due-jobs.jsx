import { useLanguage } from '../../../lib/language.jsx';
import { useActiveJobs } from '../api/jobs.js';
import { AgencyTime } from '../../../components/expected-date.jsx';
import { useJobsTexts } from '../texts.js';
import { useLanguageName } from '../../../lib/api/get-languages.js';

/** DueJobs lists the jobs still on the translator's desk with their deadlines (shown beside vacation mode). */
export function DueJobs() {
  const lang = useLanguage();
  const { data } = useActiveJobs(lang);
  return <DueJobsList jobs={data ?? []} />;
}

export function DueJobsList({ jobs }) {
  const t = useJobsTexts();
  const name = useLanguageName();
  const due = jobs.filter((j) => j.canDeliver || j.status === 'revision_requested');
  if (!due.length) return <p data-testid="due-none">{t('due.none')}</p>;
  return (
    <ul className="due-jobs" aria-label={t('due.listLabel')} data-testid="due-jobs">
      {due.map((j) => (
        <li key={j.id}>
          <span>
            {j.number && <strong>{j.number} </strong>}
            {t('pair', { source: name(j.source), targets: j.targets.map(name).join(', ') })}
          </span>
          <span>
            {/* A revision is due by its own deadline, not the order's first one. */}
            {t('deadline')}: {j.revisionDue || j.deadline ? <AgencyTime value={j.revisionDue ?? j.deadline} /> : t('noDeadline')}
          </span>
        </li>
      ))}
    </ul>
  );
}
