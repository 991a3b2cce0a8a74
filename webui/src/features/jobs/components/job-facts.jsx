import { useLanguageName } from '../../../lib/api/get-languages.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useCommonTexts } from '../../../lib/i18n.js';
import { AgencyTime, ExpectedDeliveryItem } from '../../../components/expected-date.jsx';
import { formatNumber } from '../format.js';
import { useJobsTexts } from '../texts.js';
import '../jobs.css';

/** JobHeading is a job's language pair (source → targets), its number and whether it is sworn. */
export function JobHeading({ job, level = 2 }) {
  const t = useJobsTexts();
  const name = useLanguageName();
  const H = `h${level}`;
  return (
    <div className="job__head">
      <H className="job__pair">{t('pair', { source: name(job.source), targets: job.targets.map(name).join(', ') })}</H>
      <span className="job__number">{job.number ? t('number', { number: job.number }) : ''}</span>
      {job.sworn && <span className="job__badge">{t('sworn')}</span>}
    </div>
  );
}

/** JobFacts lists a job's service, quantity, deadline (unless showDeadline is false) and, when given, its pay. */
export function JobFacts({ job, pay, showDeadline = true }) {
  const lang = useLanguage();
  const t = useJobsTexts();
  const common = useCommonTexts();
  const quantity = ['word', 'page', 'minute'].includes(job.unit) ? t(`units.${job.unit}`, { count: job.quantity, n: formatNumber(lang, job.quantity) }) : formatNumber(lang, job.quantity);
  return (
    <dl className="job__facts">
      <div>
        <dt>{t('service')}</dt>
        <dd>{common(`nav.serviceNames.${job.service}`, { defaultValue: job.service })}</dd>
      </div>
      <div>
        <dt>{t('quantity')}</dt>
        <dd>{quantity}</dd>
      </div>
      {showDeadline && (
        <div>
          <dt>{t('deadline')}</dt>
          <dd>{job.deadline ? <AgencyTime value={job.deadline} /> : t('noDeadline')}</dd>
        </div>
      )}
      <ExpectedDeliveryItem date={job.expectedDate} />
      {pay && (
        <div>
          <dt>{t('pay')}</dt>
          <dd className="job__pay">{pay}</dd>
        </div>
      )}
    </dl>
  );
}

/** JobBrief is the customer's brief, folded away until opened. */
export function JobBrief({ brief }) {
  const t = useJobsTexts();
  if (!brief) return <p className="job__brief-none">{t('noBrief')}</p>;
  return (
    <details className="job__brief">
      <summary>{t('brief')}</summary>
      <p>{brief}</p>
    </details>
  );
}

/** fileCounts is what was counted in a file, in a line: words, pages, minutes. */
export function fileCounts(t, lang, counts) {
  if (!counts) return '';
  return ['words', 'pages', 'minutes']
    .filter((k) => counts[k] > 0)
    .map((k) => t(`counts.${k}`, { count: counts[k], n: formatNumber(lang, counts[k]) }))
    .join(' · ');
}
