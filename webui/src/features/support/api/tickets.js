import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { api, fetcher } from '../../../lib/api-client.js';

// svc-translators' support tickets of the signed-in translator (API.md "Support"): the list, one
// ticket with its thread, opening, replying and closing. Answers carry texts in the request's
// language (the category's name, refusals), so the language is part of every cache key.
const TICKETS = '/api/v1/translators/tickets';
const id = (v) => encodeURIComponent(v);

/**
 * ticketsPageKey is the SWR Infinite key of the ticket list's pages (newest activity first, 50 a
 * page): each page after the first starts at the previous page's `next`, and there is no page
 * after one that says it has no more.
 */
export const ticketsPageKey = (lang) => (index, previous) => {
  if (previous && (!previous.more || !previous.next)) return null;
  return [previous ? `${TICKETS}?before=${id(previous.next)}` : TICKETS, lang];
};
// dedupingInterval 0: staff answer behind the page's back, so each visit asks again.
export const useTickets = (lang) => useSWRInfinite(ticketsPageKey(lang), fetcher, { revalidateFirstPage: true, dedupingInterval: 0 });

export const ticketKey = (ticketId, lang) => (ticketId ? [`${TICKETS}/${id(ticketId)}`, lang] : null);
export const useTicket = (ticketId, lang) => useSWR(ticketKey(ticketId, lang), fetcher, { dedupingInterval: 0 });

/** openTicket opens a ticket: 201 Ticket `open`; a 400 names each refused field. */
export const openTicket = ({ subject, category, message }, lang) => api.post(TICKETS, { subject, category, message }, { lang });
/** replyToTicket adds the translator's message: the Ticket, `open` again; 409 ticket_closed, too_many_messages. */
export const replyToTicket = (ticketId, message, lang) => api.post(`${TICKETS}/${id(ticketId)}/messages`, { message }, { lang });
/** closeTicket closes the ticket for good: the Ticket `closed` (a closed one answers as it is). */
export const closeTicket = (ticketId, lang) => api.post(`${TICKETS}/${id(ticketId)}/close`, undefined, { lang });
