import { useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { accountPath } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { Loading } from '../../../components/loading.jsx';
import { assignedKey, claimJob, poolKey, usePool } from '../api/jobs.js';
import { createClaimer } from '../claim.js';
import { formatPay } from '../format.js';
import { useJobsTexts } from '../texts.js';
import { JobBrief, JobFacts, JobHeading, fileCounts } from './job-facts.jsx';
import { EmptyState } from '../../../components/empty-state.jsx';

/** JobPool lists the jobs the translator may take, and takes one on Claim. */
export function JobPool() {
  const lang = useLanguage();
  const t = useJobsTexts();
  const { mutate } = useSWRConfig();
  const { data, error } = usePool(lang);
  const claim = useClaim({ lang, onSettled: () => Promise.all([mutate(poolKey(lang)), mutate(assignedKey(lang))]) });
  if (error) return <p className="form__error">{error.code ? error.message : t('loadFailed')}</p>;
  if (!data) return <Loading variant="list" />;
  return <PoolView pool={data} {...claim} />;
}

/**
 * useClaim claims jobs through one claimer (claim.js), so a double click sends one request, and
 * keeps what the page says: which job is being claimed and the last outcome. send is the call
 * (claimJob unless a test gives another); onSettled refreshes the pool and the active jobs.
 */
export function useClaim({ lang, send = claimJob, onSettled }) {
  const claimer = useRef(null);
  claimer.current ??= createClaimer((jobId) => send(jobId, lang));
  const [claiming, setClaiming] = useState('');
  const [notice, setNotice] = useState(null);
  const onClaim = async (job) => {
    setClaiming(job.id);
    setNotice(null);
    const result = await claimer.current(job.id);
    setClaiming('');
    setNotice({ outcome: result.outcome, number: job.number, message: result.error?.code ? result.error.message : '' });
    await onSettled?.(result);
  };
  return { claiming, notice, onClaim };
}

const EMPTY_LINKS = { noMatch: ['yetkinliklerim', 'competenciesLink'], vacation: ['tatil-modu', 'vacationLink'], cap: ['aktif-islerim', 'activeLink'] };

/**
 * PoolView draws the pool: a card per job with Claim, or, when empty, why (the reason the server
 * gives: noMatch, vacation or cap) with where to go from here. notice is the last claim's outcome.
 */
export function PoolView({ pool, claiming = '', notice = null, onClaim }) {
  const lang = useLanguage();
  const t = useJobsTexts();
  const { jobs, reason } = pool;
  const link = EMPTY_LINKS[reason];
  return (
    <>
      <p className="lead">{t('pool.lead')}</p>
      {notice && (
        <p className={notice.outcome === 'claimed' ? 'form__note' : 'form__error'} role={notice.outcome === 'claimed' ? 'status' : 'alert'} data-testid="claim-notice" data-outcome={notice.outcome}>
          {notice.outcome === 'claimed' ? t('pool.claimed', { number: notice.number }) : notice.outcome === 'taken' ? t('pool.taken') : notice.message || t('failed')}
        </p>
      )}
      {jobs.length === 0 ? (
        <EmptyState testid="pool-empty" data-reason={reason || 'none'} action={link && <Link to={accountPath(lang, link[0])}>{t(`pool.${link[1]}`)}</Link>}>
          {t(`pool.empty.${reason || 'none'}`)}
        </EmptyState>
      ) : (
        <ul className="jobs" aria-label={t('pool.listLabel')} data-testid="pool">
          {jobs.map((job) => (
            <li key={job.id}>
              <PoolCard job={job} claiming={claiming} onClaim={onClaim} />
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function PoolCard({ job, claiming, onClaim }) {
  const lang = useLanguage();
  const t = useJobsTexts();
  const busy = claiming === job.id;
  return (
    <article className="job" data-job={job.id}>
      <JobHeading job={job} />
      <JobFacts job={job} pay={formatPay(lang, job.pay)} />
      {job.files.length > 0 && (
        <div>
          <h3 className="visually-hidden">{t('files')}</h3>
          <ul className="job__files">
            {job.files.map((f, i) => (
              <li key={f.id || i}>
                <span>{f.name}</span>
                <span className="job__counts">{fileCounts(t, lang, f.counts)}</span>
                {f.preview && (
                  <details className="job__preview" data-testid="file-preview">
                    <summary>{t('pool.preview')}</summary>
                    <p lang={job.source || undefined}>{f.preview}</p>
                  </details>
                )}
              </li>
            ))}
          </ul>
        </div>
      )}
      <JobBrief brief={job.brief} />
      <div className="job__actions">
        <button type="button" className="button" aria-label={t('pool.claimLabel', { number: job.number || job.id })} aria-busy={busy} disabled={!!claiming} onClick={() => onClaim(job)}>
          {busy ? t('pool.claiming') : t('pool.claim')}
        </button>
      </div>
    </article>
  );
}
