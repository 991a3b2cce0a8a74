import { useLanguage } from '../../../lib/language.jsx';
import { formatNumber } from '../format.js';
import { useOrdersTexts } from '../texts.js';

/**
 * FileCounts shows what was counted in a file: words, characters and pages of a document, the
 * minutes of audio or video (subtitles have both).
 */
export function FileCounts({ counts, compact = false }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  if (!counts) return null;
  const media = counts.minutes > 0;
  const shown = ['words', 'characters', 'pages', 'minutes'].filter((k) => (k === 'minutes' ? media : !media || counts[k] > 0));
  return (
    <dl className={compact ? 'counts counts--compact' : 'counts'}>
      {shown.map((k) => (
        <div key={k}>
          <dt>{t(`counts.${k}`)}</dt>
          <dd data-count={k}>{formatNumber(lang, counts[k] ?? 0)}</dd>
        </div>
      ))}
    </dl>
  );
}
