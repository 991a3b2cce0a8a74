import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { staffPath } from '../../../config/paths.js';
import { formatMoment } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { closeTicket, replyTicket, useTicket, useTicketPages } from '../api/staff.js';
import { errorText, useStaffTexts } from '../texts.js';
import { ActionButton, ActionError, useRequestOnce } from './actions.jsx';
import { AuditLink } from './audit-link.jsx';
import { ListState, MorePages, SORTS, SearchForm, SortSelect, StatusFilter, useListParams } from './list-state.jsx';
import { StatusPill } from '../../../components/status-pill.jsx';
import { Notice } from '../../../components/notice.jsx';
import { DataTable } from '../../../components/data-table.jsx';

const STATUSES = ['open', 'answered', 'closed'];

/** Tickets lists all translators' tickets by status (open first), searched by subject or translator and sorted, 50 a page. */
export function Tickets() {
  const lang = useLanguage();
  const t = useStaffTexts();
  const [{ status, q, sort }, change] = useListParams({ status: 'open', q: '', sort: 'newest' }, { sort: SORTS.default });
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useTicketPages(lang, { status, q, sort });
  const rows = (data ?? []).flatMap((p) => p?.tickets ?? []);
  const more = data?.at(-1)?.more;
  return (
    <>
      <StatusFilter statuses={STATUSES} value={status} onChange={(v) => change({ status: v })} allowAll texts={(s) => t(`tickets.statuses.${s}`)} />
      <SortSelect value={sort} onChange={(v) => change({ sort: v })} />
      <SearchForm label={t('tickets.searchLabel')} value={q} onSearch={(v) => change({ q: v })} maxLength={100} />
      <ListState loading={isLoading} error={error} empty={!isLoading && !error && rows.length === 0} retry={mutate} />
      {rows.length > 0 && (
        <DataTable rows="boxed">
          <thead>
            <tr>
              {['subject', 'translator', 'category', 'lastActivity', 'messages'].map((k) => (
                <th key={k} scope="col">{t(`tickets.${k}`)}</th>
              ))}
              <th scope="col">{t('common.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((k) => (
              <tr key={k.id} data-ticket-id={k.id}>
                <td data-label={t('tickets.subject')}>
                  <Link to={staffPath(lang, 'talepler', k.id)}>{k.subject}</Link>
                </td>
                <td data-label={t('tickets.translator')}>{k.translatorName}</td>
                <td data-label={t('tickets.category')}>{k.categoryName?.[lang] ?? k.category}</td>
                <td data-label={t('tickets.lastActivity')}>{formatMoment(lang, k.lastActivity)}</td>
                <td data-label={t('tickets.messages')}>{k.messageCount}</td>
                <td data-label={t('common.status')}>
                  <StatusPill domain="ticket" status={k.status} label={t(`tickets.statuses.${k.status}`)} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <MorePages pages={{ size, setSize, isValidating }} more={more} testid="tickets-more" />
    </>
  );
}

/** TicketThread is one ticket's messages with a reply form and Close, unless it is closed. onChange(ticket) takes the answer. */
export function TicketThread({ ticket, onChange }) {
  const lang = useLanguage();
  const t = useStaffTexts();
  const id = useId();
  const [reply, replyState] = useRequestOnce();
  const [close, closeState] = useRequestOnce();
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const send = (e) => {
    e.preventDefault();
    if (!message.trim()) return setError(t('tickets.replyRequired'));
    setError('');
    reply.run('reply', () => replyTicket(ticket.id, message, lang)).then((answer) => {
      if (!answer) return;
      setMessage('');
      onChange?.(answer);
    });
  };
  const closed = ticket.status === 'closed';
  return (
    <article className="staff-detail" data-ticket-id={ticket.id} data-status={ticket.status}>
      <h2>{ticket.subject}</h2>
      <p>
        {ticket.translatorName} · {ticket.categoryName?.[lang] ?? ticket.category} · <StatusPill domain="ticket" status={ticket.status} label={t(`tickets.statuses.${ticket.status}`)} />
      </p>
      <p>
        <AuditLink area="translators" kind="ticket" id={ticket.id} />
      </p>
      <h3 id={`${id}-thread`}>{t('tickets.thread')}</h3>
      <ol className="staff-thread" aria-labelledby={`${id}-thread`}>
        {(ticket.messages ?? []).map((m) => (
          <li key={m.id} className={`staff-thread__message staff-thread__message--${m.from}`}>
            <p className="staff-thread__meta">
              <strong>{m.from === 'staff' ? `${t('tickets.staff')}${m.author ? ` (${m.author})` : ''}` : m.author || ticket.translatorName}</strong> · <time dateTime={m.at}>{formatMoment(lang, m.at)}</time>
            </p>
            <p className="staff-thread__body">{m.body}</p>
          </li>
        ))}
      </ol>
      {closed ? (
        <Notice>{t('tickets.closedNote')}</Notice>
      ) : (
        <>
          <form onSubmit={send} noValidate className="staff-reply">
            <div className="field">
              <label htmlFor={`${id}-reply`}>{t('tickets.reply')}</label>
              <textarea id={`${id}-reply`} rows={5} maxLength={5000} required value={message} onChange={(e) => setMessage(e.target.value)} aria-invalid={error ? 'true' : undefined} aria-describedby={error ? `${id}-error` : undefined} />
              {error && <p id={`${id}-error`} className="field__error">{error}</p>}
            </div>
            {replyState.error && <p className="field__error" role="alert">{errorText(t, replyState.error)}</p>}
            <div className="staff-actions">
              <button type="submit" className="button button--small" disabled={!!replyState.busy || !!closeState.busy}>
                {replyState.busy ? t('common.sending') : t('tickets.send')}
              </button>
              <ActionButton request={close} state={closeState} what="close" ghost send={() => closeTicket(ticket.id, lang)} onDone={onChange}>
                {t('tickets.close')}
              </ActionButton>
            </div>
          </form>
          <ActionError state={closeState} />
        </>
      )}
    </article>
  );
}

/** TicketDetail loads one ticket with its thread (svc-translators admin/tickets/{id}). */
export function TicketDetail({ id }) {
  const lang = useLanguage();
  const t = useStaffTexts();
  const { data, error, isLoading, mutate } = useTicket(id, lang);
  return (
    <>
      <p>
        <Link to={staffPath(lang, 'talepler')}>← {t('common.back')}</Link>
      </p>
      <ListState loading={isLoading} error={error} retry={mutate} variant="detail" />
      {data && <TicketThread ticket={data} onChange={(ticket) => mutate(ticket, { revalidate: false })} />}
    </>
  );
}
