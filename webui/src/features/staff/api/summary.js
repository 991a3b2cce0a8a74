import useSWR from 'swr';
import { fetcher } from '../../../lib/api-client.js';
import { FRESH } from './staff.js';

// Each service's count of what waits for a person (DESIGN §11): one small call per service, so a
// service that is down costs the dashboard its own cards only.
export const SUMMARY_URLS = {
  orders: '/api/v1/orders/admin/summary', // {quotesPending, escalated, unassigned}
  billing: '/api/v1/billing/admin/summary', // {transfersDeclared, invoicesPastDue, payoutsRequested}
  translators: '/api/v1/translators/admin/summary', // {applicationsSubmitted, ticketsOpen}
  catalog: '/api/v1/catalog/admin/summary', // {inquiriesOpen}
};
export const summaryKey = (area, lang) => [SUMMARY_URLS[area], lang];

/** useSummaries is each service's summary as SWR gives it, by area. */
export function useSummaries(lang) {
  return {
    orders: useSWR(summaryKey('orders', lang), fetcher, FRESH),
    billing: useSWR(summaryKey('billing', lang), fetcher, FRESH),
    translators: useSWR(summaryKey('translators', lang), fetcher, FRESH),
    catalog: useSWR(summaryKey('catalog', lang), fetcher, FRESH),
  };
}
