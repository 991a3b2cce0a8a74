import { useCallback, useId, useMemo } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { STAFF_SECTIONS, staffPath } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useChartData } from '../api/charts.js';
import { useUserNames } from '../api/customers.js';
import { query } from '../api/staff.js';
import { claimChart, count, duration, loadChart, onTimeChart, ordersChart, percent, revenueChart, tryAxis, tryText } from '../charts-data.js';
import { useDashboardTexts } from '../texts-dashboard.js';
import { COLORS, Plot } from './plot.jsx';
import { DataTable } from '../../../components/data-table.jsx';

// The dashboard's charts of the last 12 weeks (issue 25): revenue, orders paid and completed,
// on-time delivery, time to claim and translator load. Each one has its heading, its figures as a
// table for screen readers (the canvas is hidden from them), and a link to the list behind it.

/**
 * LINKS are the lists behind the charts: a section of the back office and its filter. Revenue's
 * is the invoices paid in its weeks (whatever their status now, as the revenue counts them), the
 * days given with the chart's answer.
 */
export const LINKS = {
  revenue: { section: 'faturalar' },
  orders: { section: 'siparisler', filter: { status: 'completed' } },
  onTime: { section: 'siparisler', filter: { status: 'completed' } },
  claim: { section: 'siparisler', filter: { status: 'in_progress' } },
  load: { section: 'cevirmenler' },
};

/** chartLink is where a chart leads (with days, for revenue's), or nothing while the back office has no such section. */
export function chartLink(lang, name, sections = STAFF_SECTIONS, days = {}) {
  const { section, filter = {} } = LINKS[name];
  return sections.includes(section) ? staffPath(lang, section) + query({ ...filter, ...days }) : undefined;
}

/** xTicks labels the weeks, every step-th where the box is too narrow for all (about 52 px each). */
function xAxis(labels, width, label) {
  const step = Math.max(1, Math.ceil((labels.length * 52) / Math.max(1, width - 70)));
  return {
    label,
    stroke: COLORS.muted,
    grid: { show: false },
    splits: () => labels.map((_, i) => i),
    values: (_, splits) => splits.map((i) => ((labels.length - 1 - i) % step === 0 ? labels[i] ?? '' : '')),
  };
}

/**
 * options builds a chart of weeks (or translators): x is 0…n−1, the series as bars or lines,
 * y from 0, every value written by fmt in the legend and on the y axis by tick.
 */
function chartOptions({ labels, xLabel, yLabel, series, fmt, tick = fmt, yMax, yIncr }) {
  return (uPlot, width) => ({
    scales: { x: { time: false, range: [-0.5, Math.max(labels.length, 1) - 0.5] }, y: { range: (_, __, max) => [0, yMax ?? Math.max(1, max * 1.1)] } },
    axes: [
      xAxis(labels, width, xLabel),
      { label: yLabel, stroke: COLORS.muted, grid: { stroke: COLORS.line }, size: 64, values: (_, ticks) => ticks.map(tick), ...(yIncr ? { incrs: [yIncr] } : {}) },
    ],
    legend: { live: false },
    cursor: { points: { size: 8 } },
    series: [
      { label: xLabel, value: (_, i) => (i === null ? '' : labels[i] ?? '') },
      ...series.map((s) => ({
        label: s.label,
        stroke: s.color,
        width: s.bars ? 1 : 2,
        fill: s.bars ? `${s.color}cc` : undefined,
        spanGaps: false,
        points: { show: !s.bars, size: 6, fill: s.color },
        paths: s.bars ? uPlot.paths.bars({ size: [s.size ?? 0.6, 48], gap: 2 }) : s.step ? uPlot.paths.stepped({ align: 0 }) : undefined,
        value: (_, v) => (v === null || v === undefined ? '–' : fmt(v)),
      })),
    ],
  });
}

/**
 * ChartTable is a chart's figures as a table: visible (the currency mix, the load), or for screen
 * readers only (the weekly figures), then inside a visually hidden box, since a table itself
 * grows to its content whatever width it is given.
 */
function ChartTable({ caption, head, rows, visible = false }) {
  const content = (
    <>
      <caption className={visible ? 'visually-hidden' : undefined}>{caption}</caption>
      <thead>
        <tr>
          {head.map((h) => (
            <th key={h} scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={r[0]}>
            {r.map((cell, i) =>
              i === 0 ? (
                <th key={i} scope="row" data-label={head[0]}>
                  {cell}
                </th>
              ) : (
                <td key={i} data-label={head[i]}>
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </>
  );
  if (!visible) {
    return (
      <div className="visually-hidden">
        <table>{content}</table>
      </div>
    );
  }
  return (
    <DataTable rows="boxed" className="staff-chart__table">
      {content}
    </DataTable>
  );
}

/** Chart is one chart's frame: heading, summary, the plot (or why there is none), its figures and its link. */
function Chart({ name, title, summary, state, children, table, to, linkText }) {
  const id = useId();
  const t = useDashboardTexts();
  return (
    <section className="staff-chart" aria-labelledby={id} data-testid={`staff-chart-${name}`}>
      <h3 id={id}>{title}</h3>
      {state.error ? (
        <p className="staff-chart__note" role="status">
          {t('charts.unknown')}
        </p>
      ) : !state.data ? (
        <div className="staff-chart__plot staff-chart__plot--loading" aria-busy="true">
          <span className="visually-hidden">{t('charts.loading')}</span>
        </div>
      ) : (
        <>
          {summary && <p className="staff-chart__note">{summary}</p>}
          {children}
          {table}
        </>
      )}
      {to && (
        <Link className="staff-chart__link" to={to}>
          {linkText}
        </Link>
      )}
    </section>
  );
}

function RevenueChart({ state, lang, t }) {
  const navigate = useNavigate();
  const c = useMemo(() => revenueChart(lang, state.data), [lang, state.data]);
  const weekLink = (i) => chartLink(lang, 'revenue', STAFF_SECTIONS, c.periods[i]);
  const linked = Boolean(chartLink(lang, 'revenue'));
  // A click on a week's bar opens that week's invoices; the links under the chart do the same by
  // keyboard. One function per answer, so the plot is not drawn anew on every render.
  const pick = useCallback((i) => navigate(chartLink(lang, 'revenue', STAFF_SECTIONS, c.periods[i])), [c, lang, navigate]);
  const data = useMemo(() => [c.x, ...c.series], [c]);
  const options = useCallback(
    (uPlot, width) =>
      chartOptions({
        labels: c.labels,
        xLabel: t('charts.week'),
        yLabel: t('charts.revenue.axis'),
        fmt: (v) => tryText(lang, v),
        tick: (v) => tryAxis(lang, v),
        series: [
          { label: t('charts.revenue.net'), color: COLORS.green, bars: true },
          { label: t('charts.revenue.refunded'), color: COLORS.red },
        ],
      })(uPlot, width),
    [c, lang, t],
  );
  const rate = state.data?.rateMicros ? tryText(lang, Math.round(state.data.rateMicros / 10_000)) : '';
  return (
    <Chart name="revenue" title={t('charts.revenue.title')} summary={t('charts.revenue.summary', { total: c.total })} state={state}
      to={chartLink(lang, 'revenue', STAFF_SECTIONS, c.window)} linkText={t('charts.revenue.link')}
      table={
        <>
          {linked && c.periods.length > 0 && (
            <nav className="staff-chart__weeks" aria-label={t('charts.revenue.byWeek')}>
              <span className="staff-chart__weeks-title">{t('charts.revenue.byWeek')}:</span>
              <ul>
                {c.labels.map((label, i) => (
                  <li key={c.weeks[i]}>
                    <Link to={weekLink(i)} aria-label={t('charts.revenue.weekLink', { week: label })}>
                      {label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          <ChartTable caption={`${t('charts.revenue.title')}: ${t('charts.data')}`} rows={c.rows}
            head={[t('charts.week'), t('charts.revenue.paid'), t('charts.revenue.refunded'), t('charts.revenue.net'), t('charts.revenue.invoices')]} />
          {c.mix.length > 0 && (
            <>
              <h4 className="staff-chart__subhead">{t('charts.revenue.mix')}</h4>
              <ChartTable visible caption={t('charts.revenue.mix')} rows={c.mix.map((m) => [m.currency, m.invoices, m.refunds, m.net, m.netTry])}
                head={[t('charts.revenue.currency'), t('charts.revenue.invoices'), t('charts.revenue.refunds'), t('charts.revenue.ownNet'), t('charts.revenue.tryNet')]} />
            </>
          )}
          {rate && <p className="staff-chart__note">{t('charts.revenue.rate', { rate })}</p>}
        </>
      }>
      <Plot options={options} data={data} failedText={t('charts.noPlot')} testId="staff-chart-revenue-plot" onPick={linked ? pick : undefined} />
    </Chart>
  );
}

function OrdersChart({ state, lang, t }) {
  const c = useMemo(() => ordersChart(lang, state.data), [lang, state.data]);
  const data = useMemo(() => [c.x, ...c.series], [c]);
  const options = useCallback(
    (uPlot, width) =>
      chartOptions({
        labels: c.labels, xLabel: t('charts.week'), yLabel: t('charts.orders.axis'), fmt: (v) => count(lang, v),
        tick: (v) => (Number.isInteger(v) ? count(lang, v) : ''),
        series: [
          { label: t('charts.orders.paid'), color: COLORS.navy },
          { label: t('charts.orders.completed'), color: COLORS.green },
        ],
      })(uPlot, width),
    [c, lang, t],
  );
  const last = state.data?.weeks?.at(-1);
  return (
    <Chart name="orders" title={t('charts.orders.title')} state={state} to={chartLink(lang, 'orders')} linkText={t('charts.orders.link')}
      summary={last && t('charts.orders.summary', { count: last.paid, paid: count(lang, last.paid), completed: count(lang, last.completed) })}
      table={<ChartTable caption={`${t('charts.orders.title')}: ${t('charts.data')}`} rows={c.rows} head={[t('charts.week'), t('charts.orders.paid'), t('charts.orders.completed')]} />}>
      <Plot options={options} data={data} failedText={t('charts.noPlot')} testId="staff-chart-orders-plot" />
    </Chart>
  );
}

function OnTimeChart({ state, lang, t }) {
  const c = useMemo(() => onTimeChart(lang, state.data), [lang, state.data]);
  const data = useMemo(() => [c.x, ...c.series], [c]);
  const options = useCallback(
    (uPlot, width) =>
      chartOptions({
        labels: c.labels, xLabel: t('charts.week'), yLabel: t('charts.onTime.axis'), yMax: 100, yIncr: 25,
        fmt: (v) => percent(lang, v / 100),
        series: [{ label: t('charts.onTime.rate'), color: COLORS.green }],
      })(uPlot, width),
    [c, lang, t],
  );
  const weeks = state.data?.weeks ?? [];
  const dated = weeks.reduce((n, w) => n + w.dated, 0);
  const rate = dated ? percent(lang, weeks.reduce((n, w) => n + w.onTime, 0) / dated) : '–';
  return (
    <Chart name="onTime" title={t('charts.onTime.title')} state={state} to={chartLink(lang, 'onTime')} linkText={t('charts.onTime.link')}
      summary={t('charts.onTime.summary', { rate })}
      table={<ChartTable caption={`${t('charts.onTime.title')}: ${t('charts.data')}`} rows={c.rows} head={[t('charts.week'), t('charts.onTime.rate'), t('charts.onTime.ofDated')]} />}>
      <Plot options={options} data={data} failedText={t('charts.noPlot')} testId="staff-chart-onTime-plot" />
    </Chart>
  );
}

function ClaimChart({ state, lang, t }) {
  const c = useMemo(() => claimChart(lang, state.data), [lang, state.data]);
  const data = useMemo(() => [c.x, ...c.series], [c]);
  const options = useCallback(
    (uPlot, width) =>
      chartOptions({
        labels: c.labels, xLabel: t('charts.week'), yLabel: t('charts.claim.axis'),
        fmt: (v) => duration(lang, Math.round(v * 60)),
        tick: (v) => count(lang, v),
        series: [{ label: t('charts.claim.median'), color: COLORS.navy }],
      })(uPlot, width),
    [c, lang, t],
  );
  const waiting = state.data?.weeks?.reduce((n, w) => n + w.waiting, 0) ?? 0;
  return (
    <Chart name="claim" title={t('charts.claim.title')} state={state} to={chartLink(lang, 'claim')} linkText={t('charts.claim.link')}
      summary={t('charts.claim.summary', { waiting: count(lang, waiting) })}
      table={<ChartTable caption={`${t('charts.claim.title')}: ${t('charts.data')}`} rows={c.rows}
        head={[t('charts.week'), t('charts.claim.median'), t('charts.claim.claimed'), t('charts.claim.staff'), t('charts.claim.waiting')]} />}>
      <Plot options={options} data={data} failedText={t('charts.noPlot')} testId="staff-chart-claim-plot" />
    </Chart>
  );
}

function LoadChart({ state, lang, t }) {
  const ids = (state.data?.load ?? []).map((l) => l.translatorId);
  const nameOf = useUserNames(ids, lang);
  // The plot numbers the translators (names would not fit a phone's axis); the table names them.
  const plotted = useMemo(() => loadChart(lang, state.data), [lang, state.data]);
  const named = loadChart(lang, state.data, nameOf);
  const numbers = useMemo(() => plotted.x.map((i) => String(i + 1)), [plotted]);
  const data = useMemo(() => [plotted.x, ...plotted.series], [plotted]);
  const options = useCallback(
    (uPlot, width) =>
      chartOptions({
        labels: numbers, xLabel: t('charts.load.x'), yLabel: t('charts.load.axis'), fmt: (v) => count(lang, v),
        tick: (v) => (Number.isInteger(v) ? count(lang, v) : ''),
        series: [
          { label: t('charts.load.active'), color: COLORS.green, bars: true },
          { label: t('charts.load.cap'), color: COLORS.red, step: true },
        ],
      })(uPlot, width),
    [numbers, lang, t],
  );
  const busy = state.data?.load?.length ?? 0;
  return (
    <Chart name="load" title={t('charts.load.title')} state={state} to={chartLink(lang, 'load')} linkText={t('charts.load.link')}
      summary={busy ? t('charts.load.summary', { count: busy }) : t('charts.load.none')}
      table={
        busy > 0 && (
          <>
            <ChartTable visible caption={t('charts.load.title')} rows={named.rows.map((r, i) => [numbers[i], ...r])}
              head={[t('charts.load.rank'), t('charts.load.translator'), t('charts.load.active'), t('charts.load.cap'), t('charts.load.share')]} />
            {named.more > 0 && <p className="staff-chart__note">{t('charts.load.more', { count: named.more })}</p>}
          </>
        )
      }>
      {busy > 0 && <Plot options={options} data={data} failedText={t('charts.noPlot')} testId="staff-chart-load-plot" />}
    </Chart>
  );
}

/** ChartsView draws the five charts from { revenue, trends } as SWR gives them (each { data, error }). */
export function ChartsView({ charts }) {
  const lang = useLanguage();
  const t = useDashboardTexts();
  const revenue = charts.revenue ?? {};
  const trends = charts.trends ?? {};
  return (
    <section className="staff-charts" aria-labelledby="staff-charts-title">
      <h2 id="staff-charts-title">{t('charts.title')}</h2>
      <p className="staff-chart__note">{t('charts.lead')}</p>
      <div className="staff-charts__grid">
        <RevenueChart state={revenue} lang={lang} t={t} />
        <OrdersChart state={trends} lang={lang} t={t} />
        <OnTimeChart state={trends} lang={lang} t={t} />
        <ClaimChart state={trends} lang={lang} t={t} />
        <LoadChart state={trends} lang={lang} t={t} />
      </div>
    </section>
  );
}

/** DashboardCharts asks the services for the charts' figures and draws them. */
export function DashboardCharts() {
  const lang = useLanguage();
  return <ChartsView charts={useChartData(lang)} />;
}
