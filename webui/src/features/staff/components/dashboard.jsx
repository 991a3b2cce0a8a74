import { StatCard, StatCards } from '../../../components/stat-card.jsx';
import { staffPath } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useDashboard } from '../api/staff.js';
import { useStaffTexts } from '../texts.js';

/**
 * countOf is a list answer's figure: its length, with "+" when the list goes on (a page that says
 * more, or a list at the service's cap); '' while unknown.
 */
export function countOf(data, field, cap) {
  const list = data?.[field];
  if (!Array.isArray(list)) return '';
  return data.more || (cap && list.length >= cap) ? `${list.length}+` : String(list.length);
}

// Each card: its figure's list, the answer's field, the service's cap of that list, the section it links to.
const CARDS = [
  { key: 'transfers', field: 'transfers', cap: 200, section: 'havaleler' },
  { key: 'applications', field: 'applications', section: 'basvurular' },
  { key: 'tickets', field: 'tickets', section: 'talepler' },
  { key: 'payouts', field: 'payouts', cap: 200, section: 'odemeler' },
];

/** DashboardView draws the figures of what waits for a person, each a link to its list. lists: { transfers, applications, tickets, payouts } as SWR gives them. */
export function DashboardView({ lists }) {
  const lang = useLanguage();
  const t = useStaffTexts();
  return (
    <StatCards label={t('dashboard.cards')}>
      {CARDS.map(({ key, field, cap, section }) => {
        const { data, error } = lists[key] ?? {};
        const value = error ? t('dashboard.unknown') : countOf(data, field, cap) || '…';
        return <StatCard key={key} testId={`staff-count-${key}`} label={t(`dashboard.${key}`)} value={value} to={staffPath(lang, section)} linkText={t('dashboard.open')} />;
      })}
    </StatCards>
  );
}

/** Dashboard is the back office's first screen. */
export function Dashboard() {
  const lang = useLanguage();
  return <DashboardView lists={useDashboard(lang)} />;
}
