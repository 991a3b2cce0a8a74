import { useEffect, useId, useState, useSyncExternalStore } from 'react';
import { Link } from 'react-router-dom';
import { staffPath } from '../../../config/paths.js';
import { formatMoment } from '../../../lib/format.js';
import { follow } from '../../../lib/event-stream.js';
import { useLanguage } from '../../../lib/language.jsx';
import { CHAT_EVENT_TYPES, closeChat, markChatRead, refreshStaffChat, replyChat, STAFF_EVENTS, useConversationPages, useStaffThread } from '../api/chat.js';
import { errorText, useStaffTexts } from '../texts.js';
import { ActionButton, ActionError, useRequestOnce } from './actions.jsx';
import { useStaffChatTexts } from './chat-texts.js';
import { ListState, StatusFilter } from './list-state.jsx';
import './chat.css';
import { StatusPill } from '../../../components/status-pill.jsx';
import { Notice } from '../../../components/notice.jsx';
import { DataTable } from '../../../components/data-table.jsx';

const SECTION = 'canli-destek';
/**
 * StaffChatProvider keeps the staff's live support stream open on every back-office page: while
 * it is open the staff member counts as online for visitors (svc-catalog/chat presence), and every
 * event refreshes the chat's lists and threads. New conversations and visitors' messages are
 * counted on the menu and in the tab's title by the live notices (features/staff-live).
 */
export function StaffChatProvider({ children, Source = globalThis.EventSource }) {
  // A refused reconnection (an expired access token) is followed by a refresh of the lists, whose
  // calls renew the session, and the stream opens again.
  useEffect(() => follow(STAFF_EVENTS, CHAT_EVENT_TYPES, () => refreshStaffChat(), Source, { onDrop: refreshStaffChat }), [Source]);
  return children;
}

/** ChatConversations lists the conversations by status, newest activity first, updating live. */
export function ChatConversations() {
  const lang = useLanguage();
  const st = useStaffTexts();
  const t = useStaffChatTexts();
  const [status, setStatus] = useState('open');
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useConversationPages(lang, status);
  const rows = (data ?? []).flatMap((p) => p?.conversations ?? []);
  return (
    <>
      <p className="lead">{t('lead')}</p>
      <StatusFilter statuses={['open', 'closed']} value={status} onChange={setStatus} texts={(s) => t(`statuses.${s}`)} />
      <ListState loading={isLoading} error={error} empty={!isLoading && !error && rows.length === 0} retry={mutate} />
      {rows.length > 0 && <ConversationTable rows={rows} />}
      {data?.at(-1)?.more && (
        <button type="button" className="button button--ghost" disabled={isValidating} onClick={() => setSize(size + 1)}>
          {isValidating ? st('common.loading') : st('common.more')}
        </button>
      )}
    </>
  );
}

/** ConversationTable is the rows of the conversation list. */
export function ConversationTable({ rows }) {
  const lang = useLanguage();
  const t = useStaffChatTexts();
  return (
    <DataTable rows="boxed" data-testid="chat-conversations">
      <thead>
        <tr>
          {['visitor', 'lastMessage', 'lastActivity', 'unread'].map((k) => (
            <th key={k} scope="col">
              {t(k)}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((c) => (
          <tr key={c.id} data-conversation-id={c.id} data-unread={c.unread}>
            <td data-label={t('visitor')}>
              <Link to={staffPath(lang, SECTION, c.id)}>{c.name}</Link>
              {c.customerId && <span className="badge"> {t('customer')}</span>}
              {c.email && <div>{c.email}</div>}
            </td>
            <td data-label={t('lastMessage')}>{c.lastMessage}</td>
            <td data-label={t('lastActivity')}>{formatMoment(lang, c.lastMessageAt)}</td>
            <td data-label={t('unread')}>{c.unread > 0 ? <span className="chat-badge">{c.unread}</span> : '–'}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

const subscribeVisibility = (onChange) => {
  document.addEventListener('visibilitychange', onChange);
  return () => document.removeEventListener('visibilitychange', onChange);
};

/** useShown is whether the tab is visible (true while rendering on the server). */
function useShown() {
  return useSyncExternalStore(
    subscribeVisibility,
    () => !document.hidden,
    () => true,
  );
}

/** ChatConversation is one conversation answered live: read as it is seen, a reply, Close. */
export function ChatConversation({ id }) {
  const lang = useLanguage();
  const st = useStaffTexts();
  const { data, error, isLoading, mutate } = useStaffThread(id, lang);
  const unread = data?.conversation?.unread ?? 0;
  const shown = useShown();
  // What arrives while the staff member looks at it is read; a hidden tab reads nothing until shown.
  useEffect(() => {
    if (!unread || !shown) return undefined;
    let live = true;
    markChatRead(id, lang)
      .then(() => live && refreshStaffChat())
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [id, lang, unread, shown]);
  return (
    <>
      <p>
        <Link to={staffPath(lang, SECTION)}>← {st('common.back')}</Link>
      </p>
      <ListState loading={isLoading} error={error} retry={mutate} variant="detail" />
      {data && <ChatThreadView thread={data} onChange={() => refreshStaffChat()} />}
    </>
  );
}

/** ChatThreadView is a conversation's messages with the staff's reply form and Close. */
export function ChatThreadView({ thread, onChange }) {
  const lang = useLanguage();
  const st = useStaffTexts();
  const t = useStaffChatTexts();
  const id = useId();
  const { conversation: c, messages } = thread;
  const [text, setText] = useState('');
  const [error, setError] = useState('');
  const [reply, replyState] = useRequestOnce();
  const [close, closeState] = useRequestOnce();
  const send = (e) => {
    e.preventDefault();
    if (!text.trim()) return setError(t('replyRequired'));
    setError('');
    reply.run('reply', (key) => replyChat(c.id, text, key, lang)).then((answer) => {
      if (!answer) return;
      setText('');
      onChange?.();
    });
  };
  return (
    <article className="staff-detail" data-conversation-id={c.id} data-status={c.status}>
      <h2>{c.name}</h2>
      <p>
        {[c.email, c.customerId && t('customer'), c.language?.toUpperCase()].filter(Boolean).join(' · ')} · <StatusPill domain="chat" status={c.status} label={t(`statuses.${c.status}`)} />
      </p>
      <ol className="staff-thread" aria-live="polite" data-testid="chat-thread">
        {messages.map((m) => (
          <li key={m.id} className={`staff-thread__message staff-thread__message--${m.from}`} data-from={m.from}>
            <p className="staff-thread__meta">
              <strong>{m.from === 'staff' ? `${t('staff')}${m.author ? ` (${m.author})` : ''}` : c.name}</strong> · <time dateTime={m.at}>{formatMoment(lang, m.at)}</time>
            </p>
            <p className="staff-thread__body">{m.text}</p>
          </li>
        ))}
      </ol>
      {c.status === 'closed' && <Notice>{t('closedNote')}</Notice>}
      <form onSubmit={send} noValidate className="staff-reply">
        <div className="field">
          <label htmlFor={`${id}-reply`}>{t('reply')}</label>
          <textarea id={`${id}-reply`} rows={3} maxLength={2000} required value={text} onChange={(e) => setText(e.target.value)} aria-invalid={error ? 'true' : undefined} aria-describedby={error ? `${id}-error` : undefined} />
          {error && (
            <p id={`${id}-error`} className="field__error">
              {error}
            </p>
          )}
        </div>
        {replyState.error && (
          <p className="field__error" role="alert">
            {errorText(st, replyState.error)}
          </p>
        )}
        <div className="staff-actions">
          <button type="submit" className="button button--small" disabled={!!replyState.busy || !!closeState.busy}>
            {replyState.busy ? st('common.sending') : t('send')}
          </button>
          {c.status === 'open' && (
            <ActionButton request={close} state={closeState} what="close" ghost send={() => closeChat(c.id, lang)} onDone={onChange}>
              {t('close')}
            </ActionButton>
          )}
        </div>
      </form>
      <ActionError state={closeState} />
    </article>
  );
}
