import { useLanguage } from '../../../lib/language.jsx';
import { historyEntryText } from '../../../lib/order-status.js';
import { formatTime } from '../format.js';
import { useJobsTexts } from '../texts.js';

/**
 * JobHistory is the order's timeline as its translator reads it (every round of a revision, in
 * the page's language), folded so the job's card stays short on a phone.
 */
export function JobHistory({ history }) {
  const lang = useLanguage();
  const t = useJobsTexts();
  if (!history?.length) return null;
  return (
    <details className="job__history" data-testid="job-history">
      <summary>{t('history')}</summary>
      <ol className="timeline">
        {history.map((h, i) => {
          const { title, note } = historyEntryText(lang, 'translator', h);
          return (
            <li key={`${h.status}-${h.at}-${i}`} data-status={h.status} data-step={h.step || undefined}>
              <span className="timeline__status">{title}</span> <time dateTime={h.at}>{formatTime(lang, h.at)}</time>
              {note && <p className="timeline__note">{note}</p>}
            </li>
          );
        })}
      </ol>
    </details>
  );
}
