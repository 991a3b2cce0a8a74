import useSWR from 'swr';
import { fetcher } from '../../../lib/api-client.js';
import { FRESH } from './staff.js';

// The dashboard's charts (DESIGN §11, issue 25): each from the service that owns its figures, so
// a service that is down costs the dashboard its own charts only.
export const CHART_URLS = {
  // {currency, decimals, rateMicros, weeks:[{week, date, start, paid, refunded, net, invoices, refunds}], mix, totals}
  revenue: '/api/v1/billing/admin/revenue',
  // {weeks:[{week, date, start, paid, completed, dated, onTime, claimed, claimMedianMinutes, assignedByStaff, waiting}], load:[{translatorId, active, cap}]}
  trends: '/api/v1/orders/admin/trends',
};
export const chartKey = (name, lang) => [CHART_URLS[name], lang];

/** useChartData is svc-billing's revenue and svc-orders' trends as SWR gives them. */
export function useChartData(lang) {
  return {
    revenue: useSWR(chartKey('revenue', lang), fetcher, FRESH),
    trends: useSWR(chartKey('trends', lang), fetcher, FRESH),
  };
}
