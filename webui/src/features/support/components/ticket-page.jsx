import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../../lib/api-client.js';
import { formatMoment } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { accountPath } from '../../../config/paths.js';
import { Field, FormError } from '../../../components/form-fields.jsx';
import { Loading } from '../../../components/loading.jsx';
import { closeTicket, replyToTicket, ticketKey, useTicket } from '../api/tickets.js';
import { MESSAGE_MAX } from '../constants.js';
import { useSupportTexts } from '../texts.js';
import { TicketStatus, categoryName } from './ticket-status.jsx';
import { Notice } from '../../../components/notice.jsx';

const messageOf = (err, fallback) => (err instanceof ApiError && err.code ? err.message : fallback);

/** BackToTickets leads back to the support section's list. */
function BackToTickets() {
  const lang = useLanguage();
  const t = useSupportTexts();
  return (
    <p className="back-link">
      <Link to={accountPath(lang, 'destek')}>← {t('ticket.back')}</Link>
    </p>
  );
}

/**
 * TicketPage is one of the translator's tickets: its thread, and while it is not closed a reply
 * box and the close button. The server's answer to a reply or close is the ticket as it now is.
 */
export function TicketPage({ ticketId }) {
  const lang = useLanguage();
  const t = useSupportTexts();
  const { mutate } = useSWRConfig();
  const { data: ticket, error } = useTicket(ticketId, lang);
  const key = ticketKey(ticketId, lang);
  if (error && !ticket) {
    const notFound = error instanceof ApiError && error.status === 404;
    return (
      <>
        <BackToTickets />
        <h1>{t(notFound ? 'ticket.notFound' : 'ticket.failed')}</h1>
        {!notFound && error instanceof ApiError && error.code && <p className="form__error">{error.message}</p>}
      </>
    );
  }
  if (!ticket) return <Loading variant="detail" />;
  const onReply = async (text) => mutate(key, await replyToTicket(ticketId, text, lang), { revalidate: false });
  const onClose = async () => mutate(key, await closeTicket(ticketId, lang), { revalidate: false });
  // A refusal (closed meanwhile by staff) shows the ticket as it now is.
  const onRefused = () => mutate(key);
  return <TicketView ticket={ticket} onReply={onReply} onClose={onClose} onRefused={onRefused} />;
}

/** TicketView draws a ticket: its facts, the thread (staff and the translator told apart), reply and close. */
export function TicketView({ ticket, onReply, onClose, onRefused }) {
  const lang = useLanguage();
  const t = useSupportTexts();
  const id = useId();
  const title = useRef(null);
  useEffect(() => title.current?.focus(), []);
  const closed = ticket.status === 'closed';
  return (
    <article className="ticket" data-testid="ticket" data-ticket-id={ticket.id} data-status={ticket.status}>
      <BackToTickets />
      <h1 ref={title} tabIndex={-1}>
        {ticket.subject}
      </h1>
      <dl className="ticket__facts">
        <div>
          <dt>{t('ticket.status')}</dt>
          <dd>
            <TicketStatus status={ticket.status} />
          </dd>
        </div>
        <div>
          <dt>{t('ticket.category')}</dt>
          <dd>{categoryName(t, lang, ticket)}</dd>
        </div>
        <div>
          <dt>{t('ticket.createdAt')}</dt>
          <dd>
            <time dateTime={ticket.createdAt}>{formatMoment(lang, ticket.createdAt)}</time>
          </dd>
        </div>
        <div>
          <dt>{t('ticket.lastActivity')}</dt>
          <dd>
            <time dateTime={ticket.lastActivity}>{formatMoment(lang, ticket.lastActivity)}</time>
          </dd>
        </div>
      </dl>

      <section aria-labelledby={`${id}-thread`}>
        <h2 id={`${id}-thread`}>{t('ticket.thread')}</h2>
        <ol className="thread" data-testid="thread">
          {(ticket.messages ?? []).map((m) => (
            <li key={m.id} className="thread__message" data-from={m.from}>
              <p className="thread__author">
                <strong>{m.from === 'staff' ? (m.author ? t('ticket.staffNamed', { name: m.author }) : t('ticket.staff')) : t('ticket.you')}</strong>
                <time dateTime={m.at}>{formatMoment(lang, m.at)}</time>
              </p>
              <p className="thread__body">{m.body}</p>
            </li>
          ))}
        </ol>
      </section>

      {closed ? (
        <div className="notice" role="status" data-testid="ticket-closed">
          <p>{t('ticket.closed', { date: formatMoment(lang, ticket.closedAt || ticket.lastActivity) })}</p>
          {ticket.closedBy && <p>{t(`ticket.closedBy.${ticket.closedBy}`)}</p>}
          <p>
            <Link to={accountPath(lang, 'destek')}>{t('ticket.newTicket')}</Link>
          </p>
        </div>
      ) : (
        <>
          <ReplyForm onReply={onReply} onRefused={onRefused} />
          <CloseTicket onClose={onClose} onRefused={onRefused} />
        </>
      )}
    </article>
  );
}

/** ReplyForm sends the translator's next message; a refused one (409) says why in the server's words. */
function ReplyForm({ onReply, onRefused }) {
  const t = useSupportTexts();
  const id = useId();
  const [text, setText] = useState('');
  const [state, setState] = useState({ busy: false, error: '', fieldError: '', sent: false });
  async function submit(e) {
    e.preventDefault();
    if (state.busy) return;
    const n = [...text.trim()].length;
    if (!n || n > MESSAGE_MAX) {
      setState({ ...state, fieldError: n ? t('form.tooLong', { max: MESSAGE_MAX }) : t('form.required'), sent: false });
      return;
    }
    setState({ busy: true, error: '', fieldError: '', sent: false });
    try {
      await onReply(text.trim());
      setText('');
      setState({ busy: false, error: '', fieldError: '', sent: true });
    } catch (err) {
      const fieldError = err instanceof ApiError && err.status === 400 ? (err.fields.message ?? '') : '';
      setState({ busy: false, error: fieldError ? '' : messageOf(err, t('failed')), fieldError, sent: false });
      if (err instanceof ApiError && err.status === 409) onRefused?.();
    }
  }
  return (
    <form className="form" onSubmit={submit} noValidate data-testid="reply">
      {state.sent && (
        <Notice>
          {t('ticket.sent')}
        </Notice>
      )}
      <FormError>{state.error}</FormError>
      <Field
        id={`${id}-reply`}
        name="message"
        label={t('ticket.reply')}
        required
        multiline
        value={text}
        hint={t('ticket.replyHint')}
        error={state.fieldError || undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (state.fieldError || state.sent) setState({ ...state, fieldError: '', sent: false });
        }}
      />
      <div>
        <button type="submit" className="button" disabled={state.busy}>
          {state.busy ? t('ticket.sending') : t('ticket.send')}
        </button>
      </div>
    </form>
  );
}

/** CloseTicket closes the ticket after a confirmation: a closed ticket is never opened again. */
function CloseTicket({ onClose, onRefused }) {
  const t = useSupportTexts();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState('');
  async function close() {
    if (busy) return;
    setBusy(true);
    setError('');
    try {
      await onClose();
    } catch (err) {
      setError(messageOf(err, t('failed')));
      onRefused?.();
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="ticket__close" data-testid="close-ticket">
      <FormError>{error}</FormError>
      {confirming ? (
        <>
          <span role="alert">{t('ticket.closeConfirm')}</span>
          <button type="button" className="button button--small" disabled={busy} onClick={close}>
            {busy ? t('ticket.closing') : t('ticket.closeYes')}
          </button>
          <button type="button" className="button button--ghost button--small" disabled={busy} onClick={() => setConfirming(false)}>
            {t('ticket.closeNo')}
          </button>
        </>
      ) : (
        <button type="button" className="button button--ghost" onClick={() => setConfirming(true)}>
          {t('ticket.close')}
        </button>
      )}
    </div>
  );
}
