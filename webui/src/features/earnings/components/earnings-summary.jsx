import { accountPath } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { moneyText } from '../../../lib/format.js';
import { StatCard } from '../../../components/stat-card.jsx';
import { useEarnings } from '../api/earnings.js';
import { useEarningsTexts } from '../texts.js';

/** EarningsSummary is the overview's card: the earnings balance, payouts still requested, and the way to the earnings. */
export function EarningsSummary() {
  const lang = useLanguage();
  const t = useEarningsTexts();
  const { data } = useEarnings(lang);
  const pending = data?.payouts?.length ?? 0;
  return (
    <StatCard
      testId="summary-earnings"
      label={t('summary.title')}
      value={data ? moneyText(lang, data.balance) : '…'}
      note={pending > 0 ? t('summary.pending', { count: pending }) : ''}
      to={accountPath(lang, 'kazanclar')}
      linkText={t('summary.link')}
    />
  );
}
