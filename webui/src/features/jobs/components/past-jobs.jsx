import { useLanguage } from '../../../lib/language.jsx';
import { orderStatusLabel } from '../../../lib/order-status.js';
import { Loading } from '../../../components/loading.jsx';
import { usePastJobs } from '../api/jobs.js';
import { formatPay, formatTime } from '../format.js';
import { useJobsTexts } from '../texts.js';
import { JobHeading, JobFacts, fileCounts } from './job-facts.jsx';
import { JobHistory } from './job-history.jsx';
import { StatusPill } from '../../../components/status-pill.jsx';
import { EmptyState } from '../../../components/empty-state.jsx';

/** PastJobs is the translator's delivered and completed jobs, newest first, a page at a time. */
export function PastJobs() {
  const lang = useLanguage();
  const t = useJobsTexts();
  const { data, error, size, setSize, isValidating } = usePastJobs(lang);
  if (error && !data) return <p className="form__error">{error.code ? error.message : t('loadFailed')}</p>;
  if (!data) return <Loading variant="list" />;
  const jobs = data.flatMap((p) => p.jobs);
  const more = data.at(-1)?.more;
  const loadingMore = isValidating && size > data.length;
  return <PastJobsView jobs={jobs} more={more} loadingMore={loadingMore} onMore={() => setSize(size + 1)} />;
}

/** PastJobsView draws the past jobs: a card per job; more and onMore load the next page. */
export function PastJobsView({ jobs, more = false, loadingMore = false, onMore }) {
  const t = useJobsTexts();
  return (
    <>
      <p className="lead">{t('past.lead')}</p>
      {jobs.length === 0 ? (
        <EmptyState testid="past-empty">{t('past.empty')}</EmptyState>
      ) : (
        <ul className="jobs" aria-label={t('past.listLabel')} data-testid="past-jobs">
          {jobs.map((job) => (
            <li key={job.id}>
              <PastJob job={job} />
            </li>
          ))}
        </ul>
      )}
      {more && (
        <button type="button" className="button button--ghost" onClick={onMore} disabled={loadingMore} data-testid="past-more">
          {loadingMore ? t('past.loadingMore') : t('past.more')}
        </button>
      )}
    </>
  );
}

function PastJob({ job }) {
  const lang = useLanguage();
  const t = useJobsTexts();
  const when = job.status === 'completed' && job.completedAt ? ['completedAt', job.completedAt] : ['deliveredAt', job.deliveredAt];
  return (
    <article className="job" data-job={job.id} data-status={job.status}>
      <JobHeading job={job} />
      <p className="job__state">
        <StatusPill domain="order" status={job.status === 'completed' ? 'completed' : 'in_progress'} label={orderStatusLabel(lang, 'translator', job.status)} className="job__status" data-status={job.status} />
        {when[1] && (
          <span>
            {t(`past.${when[0]}`)} <time dateTime={when[1]}>{formatTime(lang, when[1])}</time>
          </span>
        )}
      </p>
      <JobFacts job={{ ...job, deadline: null }} pay={formatPay(lang, job.pay)} showDeadline={false} />
      <FileLinks title={t('active.sources')} files={job.files} />
      <FileLinks title={t('past.deliveries')} files={job.deliveries} />
      <JobHistory history={job.history} />
    </article>
  );
}

function FileLinks({ title, files }) {
  const lang = useLanguage();
  const t = useJobsTexts();
  if (!files.length) return null;
  return (
    <section aria-label={title}>
      <h3 className="job__subtitle">{title}</h3>
      <ul className="job__files">
        {files.map((f) => (
          <li key={f.id}>
            <a href={f.url} download={f.name} aria-label={t('active.download', { name: f.name })}>
              {f.name}
            </a>
            <span className="job__counts">{fileCounts(t, lang, f.counts)}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
