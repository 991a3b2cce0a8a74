import { formatIstanbulMoment } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useJobsTexts } from '../texts.js';

/**
 * RevisionNotice is a revision on the translator's desk: the customer's reason and, while the
 * revision is in progress, when it is due (in Turkey's time, where the agency counts it) and that
 * they deliver it themselves below.
 */
export function RevisionNotice({ job }) {
  const lang = useLanguage();
  const t = useJobsTexts();
  return (
    <div className="job__revision" data-testid="revision-reason">
      <strong>{t('active.revision')}</strong>
      <p>{job.revisionReason}</p>
      {job.revisionDue && (
        <p data-testid="revision-due">
          <time dateTime={job.revisionDue}>{t('active.revisionDue', { time: formatIstanbulMoment(lang, job.revisionDue) })}</time>
        </p>
      )}
      {job.status === 'revision_requested' && <p className="field__hint">{t('active.revisionDeliver')}</p>}
    </div>
  );
}
