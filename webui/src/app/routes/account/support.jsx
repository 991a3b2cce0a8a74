import { useId } from 'react';
import { useNavigate, useOutletContext } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { accountDetailPath } from '../../../config/account-paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { NewTicketForm } from '../../../features/support/components/new-ticket-form.jsx';
import { SupportTickets } from '../../../features/support/components/tickets-list.jsx';
import { ticketKey } from '../../../features/support/api/tickets.js';
import { useSupportTexts } from '../../../features/support/texts.js';

/** Component is the translator's support section: their tickets and a new one (svc-translators API.md "Support"). */
export function Component() {
  const { title } = useOutletContext();
  const lang = useLanguage();
  const t = useSupportTexts();
  const id = useId();
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();
  // A ticket the server took opens on its own page, drawn at once from the answer.
  const onOpened = (ticket) => {
    mutate(ticketKey(ticket.id, lang), ticket, { revalidate: false });
    navigate(accountDetailPath(lang, 'ticket', ticket.id));
  };
  return (
    <>
      <h1>{title}</h1>
      <p className="lead">{t('lead')}</p>
      <SupportTickets />
      <section aria-labelledby={`${id}-new`} className="account__block">
        <h2 id={`${id}-new`}>{t('form.title')}</h2>
        <NewTicketForm onOpened={onOpened} />
      </section>
    </>
  );
}
