import useSWR from 'swr';
import { api, fetcher } from '../../../lib/api-client.js';
import { FRESH, pagedKey, query, usePages } from './staff.js';

// svc-auth's staff views of the accounts (svc-auth/API.md "Staff") and the customer's orders from
// svc-orders (svc-orders/API.md "Staff"). No answer here carries a secret of the account.
const AUTH = '/api/v1/auth/admin';
const ORDERS = '/api/v1/orders/admin';
const enc = encodeURIComponent;

/** customersPageKey is the customer accounts, searched by name or e-mail and sorted, 50 a page. */
export const customersPageKey = (lang, { q, sort } = {}) => pagedKey(`${AUTH}/customers`, lang, { q, sort });
export const useCustomerPages = (lang, filter) => usePages(customersPageKey(lang, filter));
/** customerKey is null (nothing to fetch) without an id: an order's page before the order is loaded. */
export const customerKey = (id, lang) => (id ? [`${AUTH}/customers/${enc(id)}`, lang] : null);
export const useCustomer = (id, lang) => useSWR(customerKey(id, lang), fetcher, FRESH);

/** customerOrdersKey is the first page of one customer's orders. */
export const customerOrdersKey = (id, lang) => [`${ORDERS}/orders${query({ customer: id })}`, lang];
export const useCustomerOrders = (id, lang) => useSWR(customerOrdersKey(id, lang), fetcher, { ...FRESH, shouldRetryOnError: false });

/** usersKey asks for the names of up to 100 ids at once (sorted, so one set is one key); null when there are none. */
export const usersKey = (ids, lang) => {
  const unique = [...new Set((ids ?? []).filter(Boolean))].sort().slice(0, 100);
  return unique.length ? [`${AUTH}/users${query({ ids: unique.join(',') })}`, lang] : null;
};
/** useUserNames is a function from an id to the account's name (the id while unknown). */
export function useUserNames(ids, lang) {
  const { data } = useSWR(usersKey(ids, lang), fetcher, FRESH);
  const names = new Map((data?.users ?? []).map((u) => [u.id, u.name]));
  return (id) => names.get(id) || id;
}

// A translator held back from new work (svc-translators/API.md): the answer is the profile.
const TRANSLATORS = '/api/v1/translators/admin/translators';
export const suspendTranslator = (id, reason, lang) => api.post(`${TRANSLATORS}/${enc(id)}/suspend`, { reason }, { lang });
export const unsuspendTranslator = (id, lang) => api.post(`${TRANSLATORS}/${enc(id)}/unsuspend`, undefined, { lang });
