import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { accountPath } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { useLanguage } from '../../../lib/language.jsx';
import { orderStatusLabel } from '../../../lib/order-status.js';
import { FileDrop } from '../../../components/file-drop.jsx';
import { Field, FormError } from '../../../components/form-fields.jsx';
import { Loading } from '../../../components/loading.jsx';
import { assignedKey, deliverJob, poolKey, unclaimJob, uploadDelivery, useActiveJobs } from '../api/jobs.js';
import { formatPay, formatTime } from '../format.js';
import { useJobsTexts } from '../texts.js';
import { JobBrief, JobFacts, JobHeading, fileCounts } from './job-facts.jsx';
import { RevisionNotice } from './revision-notice.jsx';
import { JobHistory } from './job-history.jsx';
import { StatusPill } from '../../../components/status-pill.jsx';
import { Notice } from '../../../components/notice.jsx';
import { EmptyState } from '../../../components/empty-state.jsx';

/** ActiveJobs lists the jobs assigned to the translator, to download, deliver or give back. */
export function ActiveJobs() {
  const lang = useLanguage();
  const t = useJobsTexts();
  const { mutate } = useSWRConfig();
  const { data, error } = useActiveJobs(lang);
  if (error) return <p className="form__error">{error.code ? error.message : t('loadFailed')}</p>;
  if (!data) return <Loading variant="list" />;
  const refresh = () => Promise.all([mutate(assignedKey(lang)), mutate(poolKey(lang))]);
  return <ActiveJobsView jobs={data} onChanged={refresh} />;
}

/** ActiveJobsView draws one card per job; onChanged is called after a delivery or a give-back. */
export function ActiveJobsView({ jobs, onChanged }) {
  const lang = useLanguage();
  const t = useJobsTexts();
  const [notice, setNotice] = useState('');
  if (jobs.length === 0) {
    return (
      <>
        <Notice>{notice}</Notice>
        <EmptyState testid="active-empty" action={<Link to={accountPath(lang, 'havuzdaki-isler')}>{t('active.poolLink')}</Link>}>
          {t('active.empty')}
        </EmptyState>
      </>
    );
  }
  return (
    <>
      <p className="lead">{t('active.lead')}</p>
      {notice && (
        <Notice>
          {notice}
        </Notice>
      )}
      <ul className="jobs" aria-label={t('active.listLabel')} data-testid="active-jobs">
        {jobs.map((job) => (
          <li key={job.id}>
            <ActiveJob job={job} onChanged={onChanged} onNotice={setNotice} />
          </li>
        ))}
      </ul>
    </>
  );
}

function ActiveJob({ job, onChanged, onNotice }) {
  const lang = useLanguage();
  const t = useJobsTexts();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  const unclaim = async () => {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await unclaimJob(job.id, lang);
      onNotice(t('active.unclaimed'));
      await onChanged?.();
    } catch (err) {
      setError(err instanceof ApiError && err.code ? err.message : t('failed'));
      onChanged?.();
    } finally {
      setBusy(false);
    }
  };
  return (
    <article className="job" data-job={job.id} data-status={job.status}>
      <JobHeading job={job} />
      <p className="job__state">
        <StatusPill domain="order" status={job.status === 'completed' ? 'completed' : 'in_progress'} label={orderStatusLabel(lang, 'translator', job.status)} className="job__status" data-status={job.status} />
      </p>
      <JobFacts job={job} pay={formatPay(lang, job.pay)} />
      {job.revisionReason && <RevisionNotice job={job} />}
      <JobBrief brief={job.brief} />
      <section aria-label={t('active.sources')}>
        <h3 className="job__subtitle">{t('active.sources')}</h3>
        {job.files.length ? (
          <ul className="job__files">
            {job.files.map((f) => (
              <li key={f.id}>
                <a href={f.url} download={f.name} aria-label={t('active.download', { name: f.name })}>
                  {f.name}
                </a>
                <span className="job__counts">{fileCounts(t, lang, f.counts)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p>{t('active.noFiles')}</p>
        )}
      </section>
      <FormError>{error}</FormError>
      {job.canUnclaim && (
        <div className="job__actions">
          <button type="button" className="button button--ghost button--small" disabled={busy} onClick={unclaim}>
            {t('active.unclaim')}
          </button>
          {job.unclaimUntil && <span className="field__hint">{t('active.unclaimUntil', { time: formatTime(lang, job.unclaimUntil) })}</span>}
        </div>
      )}
      {job.canDeliver && (
        <DeliverForm job={job} onDelivered={() => {
          onNotice(t('active.delivered'));
          return onChanged?.();
        }} />
      )}
      <JobHistory history={job.history} />
    </article>
  );
}

// sameFile: the same file chosen twice (dropped, then picked in the dialog) is delivered once.
const sameFile = (a, b) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified;

/**
 * DeliverForm uploads the translated files one after another (with their progress) and hands
 * them in with a note. Files already uploaded are not sent again when the delivery is retried.
 */
export function DeliverForm({ job, onDelivered, upload = uploadDelivery, deliver = deliverJob }) {
  const lang = useLanguage();
  const t = useJobsTexts();
  const id = useId();
  const [files, setFiles] = useState([]);
  const [uploaded, setUploaded] = useState({});
  const [note, setNote] = useState('');
  const [status, setStatus] = useState('');
  const [progress, setProgress] = useState(0);
  // The file whose bytes are all sent and whose counts have not come back: svc-orders counts it.
  const [counting, setCounting] = useState('');
  const [message, setMessage] = useState('');
  const sending = status === 'sending';

  async function submit(e) {
    e.preventDefault();
    if (sending) return;
    if (!files.length) {
      setStatus('invalid');
      setMessage(t('active.noDeliveryFiles'));
      return;
    }
    setStatus('sending');
    setMessage('');
    setProgress(0);
    const done = { ...uploaded };
    const total = files.reduce((n, f) => n + (f.size || 1), 0);
    let sent = 0;
    try {
      for (const f of files) {
        const key = `${f.name}:${f.size}:${f.lastModified}`;
        if (!done[key]) {
          const file = await upload(f, lang, {
            onProgress: (p) => {
              setProgress((sent + p * (f.size || 1)) / total);
              setCounting(p >= 1 ? f.name : '');
            },
          });
          setCounting('');
          done[key] = file.id;
          setUploaded({ ...done });
        }
        sent += f.size || 1;
        setProgress(sent / total);
      }
      await deliver(job.id, files.map((f) => done[`${f.name}:${f.size}:${f.lastModified}`]), note.trim(), lang);
      setStatus('done');
      setFiles([]);
      await onDelivered?.();
    } catch (err) {
      setCounting('');
      setStatus('failed');
      setMessage(err instanceof ApiError && err.code ? err.message : t('failed'));
    }
  }

  const percent = Math.round(progress * 100);
  return (
    <form className="form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-testid="deliver-form">
      <h3 id={`${id}-title`} className="job__subtitle">
        {t('active.deliverTitle')}
      </h3>
      <FormError>{status === 'failed' ? message : ''}</FormError>
      <FileDrop
        id={`${id}-files`}
        label={t('active.deliverFiles')}
        multiple
        required
        files={files}
        onChange={(chosen) => {
          setFiles((had) => [...had, ...chosen.filter((f) => !had.some((h) => sameFile(h, f)))]);
          if (status !== 'sending') setStatus('');
        }}
        onRemove={(i) => setFiles((had) => had.filter((_, j) => j !== i))}
        disabled={sending}
        hint={t('active.deliverHint')}
        error={status === 'invalid' ? message : ''}
      />
      <Field id={`${id}-note`} name="note" multiline label={t('active.deliverNote')} hint={t('active.deliverNoteHint')} value={note} maxLength={2000} onChange={(e) => setNote(e.target.value)} />
      {sending && (
        <div className="upload-progress">
          {counting ? <progress max={1} aria-label={t('active.deliverProgress')} /> : <progress max={1} value={progress} aria-label={t('active.deliverProgress')} />}
          <span aria-live="polite">{counting ? t('active.counting', { name: counting }) : t('active.delivering', { percent })}</span>
        </div>
      )}
      <div>
        <button type="submit" className="button" disabled={sending}>
          {t('active.deliver')}
        </button>
      </div>
    </form>
  );
}
