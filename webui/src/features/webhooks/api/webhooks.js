import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { api, fetcher } from '../../../lib/api-client.js';

// The customer's webhook endpoints (svc-auth API.md "Webhooks"): registered, changed, turned off
// and on, deleted; their signing secrets (shown on request, rotated); test events; and each
// endpoint's delivery log of the last 14 days with its replays.
//
// Each lives in a space: the customer's live one, or their sandbox (issue 29), whose endpoints
// their sandbox keys register and whose events are the sandbox's. The panel names the sandbox with
// ?space=sandbox on every call (a key's calls are in its own space whatever they name); without
// it, the live space. space is 'live' or 'sandbox' throughout.
const WEBHOOKS = '/api/v1/auth/webhooks';
const one = (id) => `${WEBHOOKS}/${encodeURIComponent(id)}`;

export const SPACES = ['live', 'sandbox'];

/** spaceOf reads a space from a query's value: 'sandbox' for "sandbox", 'live' for anything else. */
export const spaceOf = (value) => (value === 'sandbox' ? 'sandbox' : 'live');

/** inSpace is address asked in space: the sandbox's with space=sandbox added to its query, the live one's as it is. */
export const inSpace = (address, space) => (spaceOf(space) === 'sandbox' ? `${address}${address.includes('?') ? '&' : '?'}space=sandbox` : address);

export const webhooksKey = (lang, space) => [inSpace(WEBHOOKS, space), lang];

/** useWebhooks is the customer's endpoints of a space and the event types one can pick: { endpoints, types }. */
export const useWebhooks = (lang, space) => useSWR(webhooksKey(lang, space), fetcher);

/** createEndpoint registers an endpoint ({ url, description, types }) in space and answers it with its secret. */
export const createEndpoint = (settings, lang, space) => api.post(inSpace(WEBHOOKS, space), body(settings), { lang });

/** updateEndpoint sets an endpoint's URL, description and types (all three, as when it was made). */
export const updateEndpoint = (id, settings, lang, space) => api.put(inSpace(one(id), space), body(settings), { lang });

/** deleteEndpoint deletes an endpoint and its log. */
export const deleteEndpoint = (id, lang, space) => api.delete(inSpace(one(id), space), { lang });

/** revealSecret answers the endpoint with its current signing secret. */
export const revealSecret = (id, lang, space) => api.get(inSpace(`${one(id)}/secret`, space), { lang });

/** rotateSecret answers the endpoint with a new secret; the old one signs beside it for 24 hours. */
export const rotateSecret = (id, lang, space) => api.post(inSpace(`${one(id)}/secret/rotate`, space), undefined, { lang });

/** enableEndpoint turns an endpoint on (and sends what was held while it was off); disableEndpoint turns it off. */
export const enableEndpoint = (id, lang, space) => api.post(inSpace(`${one(id)}/enable`, space), undefined, { lang });
export const disableEndpoint = (id, lang, space) => api.post(inSpace(`${one(id)}/disable`, space), undefined, { lang });

/** sendTestEvent sends a webhook.test event to the endpoint and answers its delivery. */
export const sendTestEvent = (id, lang, space) => api.post(inSpace(`${one(id)}/test`, space), undefined, { lang });

/** replayDelivery sends a delivered or failed delivery again, with its webhook-id. */
export const replayDelivery = (id, deliveryId, lang, space) =>
  api.post(inSpace(`${one(id)}/deliveries/${encodeURIComponent(deliveryId)}/replay`, space), undefined, { lang });

// The server refuses a field it does not know (strict decoding): exactly these three are sent.
const body = ({ url, description, types }) => ({ url, description, types });

/**
 * deliveriesPageKey is the SWR infinite key of an endpoint's log: the newest page first, each next
 * page after the previous page's cursor, none after the last.
 */
export const deliveriesPageKey = (id, lang, space) => (index, previous) => {
  if (index > 0 && !previous?.next) return null;
  return [inSpace(`${one(id)}/deliveries${index > 0 ? `?after=${encodeURIComponent(previous.next)}` : ''}`, space), lang];
};

// How often a log is asked again while one of its deliveries is still being tried.
export const PENDING_POLL_MS = 3000;

/** hasPending tells whether a page of the log holds a delivery still being tried. */
export const hasPending = (pages) => (pages ?? []).some((p) => p?.deliveries?.some((d) => d.state === 'pending'));

/**
 * useDeliveries is an endpoint's log (of space), page by page ({ data: pages, size, setSize, mutate }):
 * asked again every few seconds while a delivery is pending, every loaded page each time (a
 * resent delivery may be on any of them), and each time the endpoint is opened. Its dedupe is
 * shorter than the poll: the app's minute (app/provider.jsx) would answer every poll from the
 * first.
 */
export const useDeliveries = (id, lang, space) =>
  useSWRInfinite(deliveriesPageKey(id, lang, space), fetcher, {
    dedupingInterval: 1000,
    revalidateAll: true,
    refreshInterval: (pages) => (hasPending(pages) ? PENDING_POLL_MS : 0),
  });
