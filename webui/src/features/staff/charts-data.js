import { formatDate, formatMoney, formatNumber, withCurrency } from '../../lib/format.js';
import { textsIn } from '../../lib/i18n.js';
import { DASHBOARD_NS } from './texts-dashboard.js';

// The dashboard's charts as numbers (DESIGN §11, issue 25): svc-billing's GET admin/revenue and
// svc-orders' GET admin/trends shaped into the series uPlot draws and the rows of each chart's
// text alternative, every figure written as the page's language writes it. Pure functions, so
// the tests check the shaping without a canvas.

/** weekLabel is a week's Monday ("2026-11-23") as a short day: "23 Kas" / "23 Nov". */
export function weekLabel(lang, date) {
  const d = new Date(`${date}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return date ?? '';
  return formatDate(lang, d, { day: 'numeric', month: 'short', timeZone: 'UTC' });
}

/** count writes a whole number with the language's grouping: 1.234 / 1,234. */
export const count = (lang, n) => formatNumber(lang, n);

/** percent writes a share (0 to 1) as a whole percentage: %75 / 75%; '' for none. */
export function percent(lang, share) {
  if (share === null || share === undefined || !Number.isFinite(share)) return '';
  return formatNumber(lang, share, { style: 'percent', maximumFractionDigits: 0 });
}

/** try writes TRY minor units as the site writes money: "1.234,56 ₺" / "₺1,234.56". */
export const tryText = (lang, minor) => formatMoney(minor, 'TRY', lang);

/** tryAxis writes an axis tick of TRY minor units briefly: "12 B ₺" / "₺12K". */
export function tryAxis(lang, minor) {
  return withCurrency(lang, formatNumber(lang, Math.abs(minor) / 100, { notation: 'compact', maximumFractionDigits: 1 }), 'TRY', minor < 0);
}

/** duration writes minutes as hours and minutes: "2 sa 5 dk" / "2 h 5 min"; '' for none. */
export function duration(lang, minutes) {
  if (minutes === null || minutes === undefined || !Number.isFinite(minutes)) return '';
  const h = Math.floor(minutes / 60);
  const m = Math.round(minutes % 60);
  const t = textsIn(lang, DASHBOARD_NS);
  const [hu, mu] = [t('charts.hours'), t('charts.minutes')];
  if (h === 0) return `${m} ${mu}`;
  return m === 0 ? `${count(lang, h)} ${hu}` : `${count(lang, h)} ${hu} ${m} ${mu}`;
}

/** weekEnd is the Sunday ending the week of a Monday ("2026-11-23" → "2026-11-29"). */
export function weekEnd(monday) {
  const d = new Date(`${monday}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return monday ?? '';
  d.setUTCDate(d.getUTCDate() + 6);
  return d.toISOString().slice(0, 10);
}

/** weeksOf is the x axis of a weekly answer: 0…n−1 with each week's label. */
function weeksOf(lang, weeks = []) {
  return { x: weeks.map((_, i) => i), labels: weeks.map((w) => weekLabel(lang, w.date)), weeks: weeks.map((w) => w.week) };
}

/**
 * revenueChart is the revenue by week: the net (paid less refunded) as bars and the refunds as a
 * line, in TRY minor units; rows for the text alternative; the currency mix as rows of a table.
 */
export function revenueChart(lang, revenue) {
  const weeks = revenue?.weeks ?? [];
  const axis = weeksOf(lang, weeks);
  return {
    ...axis,
    series: [weeks.map((w) => w.net), weeks.map((w) => w.refunded)],
    // Each week as the days the invoices list asks (paidFrom, paidTo), and the whole window.
    periods: weeks.map((w) => ({ paidFrom: w.date, paidTo: weekEnd(w.date) })),
    window: weeks.length ? { paidFrom: weeks[0].date, paidTo: weekEnd(weeks.at(-1).date) } : {},
    rows: weeks.map((w, i) => [axis.labels[i], tryText(lang, w.paid), tryText(lang, w.refunded), tryText(lang, w.net), count(lang, w.invoices)]),
    total: tryText(lang, revenue?.totals?.net ?? 0),
    mix: (revenue?.mix ?? []).map((m) => ({
      currency: m.currency,
      invoices: count(lang, m.invoices),
      refunds: count(lang, m.refunds),
      net: formatMoney(m.net, m.currency, lang, m.decimals),
      netTry: tryText(lang, m.netTry),
    })),
  };
}

/** ordersChart is the orders paid and completed per week. */
export function ordersChart(lang, trends) {
  const weeks = trends?.weeks ?? [];
  const axis = weeksOf(lang, weeks);
  return {
    ...axis,
    series: [weeks.map((w) => w.paid), weeks.map((w) => w.completed)],
    rows: weeks.map((w, i) => [axis.labels[i], count(lang, w.paid), count(lang, w.completed)]),
  };
}

/**
 * onTimeChart is the share of the week's completed orders with an expected date that were first
 * delivered by it, in percent (null, a gap, for a week without such orders).
 */
export function onTimeChart(lang, trends) {
  const weeks = trends?.weeks ?? [];
  const axis = weeksOf(lang, weeks);
  const share = (w) => (w.dated > 0 ? w.onTime / w.dated : null);
  return {
    ...axis,
    series: [weeks.map((w) => (share(w) === null ? null : Math.round(share(w) * 1000) / 10))],
    rows: weeks.map((w, i) => [axis.labels[i], percent(lang, share(w)) || '–', `${count(lang, w.onTime)} / ${count(lang, w.dated)}`]),
  };
}

/** claimChart is the median hours from payment to the first claim of the week's paid orders (null: none claimed). */
export function claimChart(lang, trends) {
  const weeks = trends?.weeks ?? [];
  const axis = weeksOf(lang, weeks);
  const minutes = (w) => (Number.isFinite(w.claimMedianMinutes) ? w.claimMedianMinutes : null);
  return {
    ...axis,
    series: [weeks.map((w) => (minutes(w) === null ? null : Math.round((minutes(w) / 60) * 100) / 100))],
    rows: weeks.map((w, i) => [axis.labels[i], duration(lang, minutes(w)) || '–', count(lang, w.claimed), count(lang, w.assignedByStaff), count(lang, w.waiting)]),
  };
}

/** LOAD_SHOWN is how many translators the load chart draws: the fullest (the answer's order). */
export const LOAD_SHOWN = 12;

/**
 * loadChart is each busy translator's active jobs against their cap, the fullest first: x is
 * the translator's place, labelled with their name (nameOf) once known.
 */
export function loadChart(lang, trends, nameOf = (id) => id) {
  const load = (trends?.load ?? []).slice(0, LOAD_SHOWN);
  const labels = load.map((l) => nameOf(l.translatorId) || l.translatorId);
  return {
    x: load.map((_, i) => i),
    labels,
    ids: load.map((l) => l.translatorId),
    series: [load.map((l) => l.active), load.map((l) => l.cap)],
    rows: load.map((l, i) => [labels[i], count(lang, l.active), count(lang, l.cap), percent(lang, l.cap > 0 ? l.active / l.cap : null)]),
    more: Math.max(0, (trends?.load?.length ?? 0) - load.length),
  };
}
