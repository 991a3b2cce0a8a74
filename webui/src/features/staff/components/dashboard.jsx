import { StatCard, StatCards } from '../../../components/stat-card.jsx';
import { STAFF_SECTIONS, staffPath } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { query } from '../api/staff.js';
import { useSummaries } from '../api/summary.js';
import { useDashboardTexts } from '../texts-dashboard.js';
import { DashboardCharts } from './charts.jsx';

// One card per need (DESIGN §11): the service's summary it is counted from, the figure's field,
// the section listing those things and the filter that shows just them there (the services' own
// list filters: escalated jobs are paid orders nobody took in their window, still waiting).
export const CARDS = [
  { key: 'quotes', area: 'orders', field: 'quotesPending', section: 'teklifler', filter: { status: 'pending' } },
  { key: 'invoicesPastDue', area: 'billing', field: 'invoicesPastDue', section: 'faturalar', filter: { pastDue: 'true' } },
  { key: 'escalated', area: 'orders', field: 'escalated', section: 'siparisler', filter: { status: 'escalated' }, note: 'unassigned' },
  // Revisions their translator could not take back or let pass their deadline (flagged in the list).
  { key: 'revisionsEscalated', area: 'orders', field: 'revisionsEscalated', section: 'siparisler', filter: { status: 'revision_requested' } },
  { key: 'transfers', area: 'billing', field: 'transfersDeclared', section: 'havaleler' },
  { key: 'applications', area: 'translators', field: 'applicationsSubmitted', section: 'basvurular', filter: { status: 'submitted' } },
  { key: 'tickets', area: 'translators', field: 'ticketsOpen', section: 'talepler', filter: { status: 'open' } },
  { key: 'inquiries', area: 'catalog', field: 'inquiriesOpen', section: 'mesajlar', filter: { status: 'open' } },
  { key: 'payouts', area: 'billing', field: 'payoutsRequested', section: 'odemeler', filter: { status: 'requested' } },
];

/** cardLink is where a card's figure leads: its section with its filter, or nothing while the back office has no such section. */
export function cardLink(lang, { section, filter = {} }, sections = STAFF_SECTIONS) {
  return sections.includes(section) ? staffPath(lang, section) + query(filter) : undefined;
}

/**
 * DashboardView draws one card per need from the services' summaries ({ orders, billing,
 * translators, catalog } as SWR gives them): a summary that failed leaves its cards saying so,
 * the others show their figures. sections: those the back office has (paths.js).
 */
export function DashboardView({ summaries, sections = STAFF_SECTIONS }) {
  const lang = useLanguage();
  const t = useDashboardTexts();
  return (
    <StatCards label={t('cards')}>
      {CARDS.map((card) => {
        const { data, error } = summaries[card.area] ?? {};
        const figure = data?.[card.field];
        const value = error ? t('unknown') : Number.isFinite(figure) ? String(figure) : '…';
        const noteFigure = card.note && !error ? data?.[card.note] : undefined;
        const to = cardLink(lang, card, sections);
        return (
          <StatCard
            key={card.key}
            testId={`staff-count-${card.key}`}
            label={t(card.key)}
            value={value}
            note={Number.isFinite(noteFigure) ? t(card.note, { count: noteFigure }) : undefined}
            to={to}
            linkText={t('open')}
          />
        );
      })}
    </StatCards>
  );
}

/** Dashboard is the back office's first screen: today's figures, then the last 12 weeks' charts. */
export function Dashboard() {
  const lang = useLanguage();
  return (
    <>
      <DashboardView summaries={useSummaries(lang)} />
      <DashboardCharts />
    </>
  );
}
