import { useId } from 'react';
import { Link } from 'react-router-dom';
import { accountDetailPath } from '../../../config/account-paths.js';
import { formatMoment } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { Loading } from '../../../components/loading.jsx';
import { useTickets } from '../api/tickets.js';
import { useSupportTexts } from '../texts.js';
import { TicketStatus, categoryName } from './ticket-status.jsx';
import { EmptyState } from '../../../components/empty-state.jsx';

/** SupportTickets is the translator's tickets, newest activity first, with older pages on request. */
export function SupportTickets() {
  const lang = useLanguage();
  const t = useSupportTexts();
  const { data: pages, error, size, setSize, isValidating } = useTickets(lang);
  if (error && !pages) return <p className="form__error">{error.code ? error.message : t('loadFailed')}</p>;
  if (!pages) return <Loading variant="list" />;
  return <TicketsListView pages={pages} loadingOlder={isValidating && size > pages.length} onOlder={() => setSize(size + 1)} />;
}

/** TicketsListView draws the pages of tickets loaded so far: subject, category, status, last activity. */
export function TicketsListView({ pages, loadingOlder = false, onOlder }) {
  const lang = useLanguage();
  const t = useSupportTexts();
  const id = useId();
  const tickets = pages.flatMap((p) => p?.tickets ?? []);
  const more = !!pages.at(-1)?.more;
  return (
    <section aria-labelledby={`${id}-title`} className="account__block">
      <h2 id={`${id}-title`}>{t('listTitle')}</h2>
      {tickets.length === 0 ? (
        <EmptyState testid="tickets-empty">{t('empty')}</EmptyState>
      ) : (
        <ul className="tickets" aria-label={t('listLabel')} data-testid="tickets">
          {tickets.map((k) => (
            <li key={k.id} className="ticket-card" data-ticket-id={k.id} data-status={k.status}>
              <div className="ticket-card__top">
                <Link className="ticket-card__subject" to={accountDetailPath(lang, 'ticket', k.id)}>
                  {k.subject}
                </Link>
                <TicketStatus status={k.status} />
              </div>
              <p className="ticket-card__meta">
                <span>{categoryName(t, lang, k)}</span>
                <span>
                  <time dateTime={k.lastActivity}>{t('lastActivity', { date: formatMoment(lang, k.lastActivity) })}</time>
                </span>
                {Number.isFinite(k.messageCount) && <span>{t('messages', { count: k.messageCount })}</span>}
              </p>
            </li>
          ))}
        </ul>
      )}
      {more && (
        <p>
          <button type="button" className="button button--ghost button--small" onClick={onOlder} disabled={loadingOlder} data-testid="tickets-older">
            {loadingOlder ? t('loadingOlder') : t('older')}
          </button>
        </p>
      )}
    </section>
  );
}
