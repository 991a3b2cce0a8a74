import { useEffect, useId, useRef, useState } from 'react';
import { ApiError } from '../../lib/api-client.js';
import { formatMoment } from '../../lib/format.js';
import { follow } from '../../lib/event-stream.js';
import { useLanguage } from '../../lib/language.jsx';
import { useCompany } from '../../lib/api/get-company.js';
import { chatEventsUrl, chatStatus, chatThread, myChats, newKey, sendChat, startChat } from './api.js';
import { loadStored, mergeMessages, saveStored } from './chat-state.js';
import { useChatTexts } from './texts.js';
import './chat.css';

const MAX = 2000;

/** noticeOf is what the corner tells after a send's answer: taken as a contact inquiry, an e-mail address needed, or nothing. */
export const noticeOf = (sent) => (sent?.inquiry ? 'inquirySent' : sent?.needEmail ? 'needEmail' : '');

/**
 * emailNeeded: the visitor must give an address to be answered at, because nobody is online
 * before the conversation starts, or the service said so after a send.
 */
export const emailNeeded = (conv, online, notice) => (!conv && online === false) || notice === 'needEmail';

/**
 * VisitorChat is the live support conversation of the corner: whether staff are online, the
 * messages as they come (an EventSource), and a form to write. A visitor's conversation is kept
 * by its token in localStorage; a signed-in customer's comes back from their account. user is
 * the signed-in user ({ fullName, type }) or null.
 */
export function VisitorChat({ user = null, storage = globalThis.localStorage, Source = globalThis.EventSource }) {
  const lang = useLanguage();
  const t = useChatTexts();
  // Other ways to reach support: the agency's configured mailbox and phone.
  const { company } = useCompany();
  const customer = user?.type === 'customer';
  const [online, setOnline] = useState(null);
  const [conv, setConv] = useState(() => loadStored(storage));
  const [messages, setMessages] = useState([]);
  const [closed, setClosed] = useState(false);
  const [notice, setNotice] = useState('');
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [text, setText] = useState('');
  const [errors, setErrors] = useState({});
  const [busy, setBusy] = useState(false);
  const [mine, setMine] = useState([]);
  const key = useRef(null);
  const list = useRef(null);

  useEffect(() => {
    let live = true;
    chatStatus(lang)
      .then((a) => live && setOnline(!!a.staffOnline))
      .catch(() => live && setOnline(false));
    return () => {
      live = false;
    };
  }, [lang]);

  // A signed-in customer sees their conversations and, without one open here, the latest.
  useEffect(() => {
    if (!customer) return;
    myChats(lang)
      .then(({ conversations }) => {
        setMine(conversations ?? []);
        if (conversations?.[0]) setConv((c) => c ?? { id: conversations[0].id });
      })
      .catch(() => {});
  }, [customer, lang]);
  const choose = (next) => {
    setMessages([]);
    setNotice('');
    setConv(next);
  };

  useEffect(() => {
    if (!conv) return undefined;
    let live = true;
    chatThread(conv.id, conv.token, lang)
      .then((th) => {
        if (!live) return;
        setMessages((m) => mergeMessages(m, th.messages));
        setClosed(th.conversation.status === 'closed');
      })
      .catch((err) => {
        // Gone, or no longer ours (another account): start afresh.
        if (live && err instanceof ApiError && err.status === 404) {
          saveStored(null, storage);
          setConv(null);
          setMessages([]);
        }
      });
    const stop = follow(
      chatEventsUrl(conv.id, conv.token),
      ['message', 'closed'],
      (type, e) => {
        if (e.message) setMessages((m) => mergeMessages(m, [e.message]));
        if (e.message?.from === 'staff') {
          setOnline(true);
          setNotice('');
        }
        if (type === 'closed') setClosed(true);
        if (type === 'message' && e.conversation?.status === 'open') setClosed(false);
      },
      Source,
      // A refused reconnection (the service was restarting): read the thread again, then go on.
      { onDrop: () => chatThread(conv.id, conv.token, lang).then((th) => live && setMessages((m) => mergeMessages(m, th.messages)), () => {}) },
    );
    return () => {
      live = false;
      stop();
    };
  }, [conv, lang, storage, Source]);

  useEffect(() => {
    const el = list.current;
    if (el) el.scrollTop = el.scrollHeight;
  }, [messages]);

  const needEmail = emailNeeded(conv, online, notice);
  const submit = async (e) => {
    e.preventDefault();
    if (busy) return;
    const found = {};
    if (!conv && name.trim().length < 2 && !user?.fullName) found.name = t('required');
    if (needEmail && !email.trim()) found.email = t('required');
    if (!text.trim()) found.text = t('required');
    else if (text.length > MAX) found.text = t('tooLong');
    setErrors(found);
    if (Object.keys(found).length) return;
    key.current ??= newKey();
    setBusy(true);
    try {
      let sent;
      if (conv) {
        const a = await sendChat(conv.id, conv.token, { text, email: needEmail ? email : '' }, key.current, lang);
        setMessages((m) => mergeMessages(m, [a.message]));
        sent = a;
      } else {
        const a = await startChat({ name: name.trim() || user?.fullName, email, text, language: lang }, key.current, lang);
        const stored = { id: a.conversation.id, ...(a.token ? { token: a.token } : {}) };
        saveStored(stored, storage);
        setMessages(a.messages);
        setConv(stored);
        sent = a.sent;
      }
      setOnline(sent.staffOnline);
      setNotice(noticeOf(sent));
      setClosed(false);
      setText('');
      key.current = null;
    } catch (err) {
      const fields = err instanceof ApiError ? err.fields : {};
      setErrors(Object.keys(fields).length ? fields : { form: err instanceof ApiError && err.status < 500 ? err.message : t('failed') });
    } finally {
      setBusy(false);
    }
  };

  return (
    <ChatView
      {...{ company, user, conv, mine, online, messages, closed, notice, errors, busy, needEmail }}
      values={{ name, email, text }}
      onChange={{ name: setName, email: setEmail, text: setText }}
      onChoose={choose}
      onSubmit={submit}
      listRef={list}
    />
  );
}

/**
 * ChatView draws the corner from its state, apart from the requests so tests draw each state:
 * whether staff are online (null while asking), a signed-in customer's kept conversations
 * (mine) to pick from, the messages, a notice after a send (noticeOf), and the form asking for
 * a name and an e-mail address only when they are needed.
 */
export function ChatView({ company = null, user = null, conv = null, mine = [], online = null, messages = [], closed = false, notice = '', errors = {}, busy = false, needEmail = false, values = { name: '', email: '', text: '' }, onChange = {}, onChoose, onSubmit, listRef }) {
  const lang = useLanguage();
  const t = useChatTexts();
  const id = useId();
  const { name, email, text } = values;
  const set = (k) => (e) => onChange[k]?.(e.target.value);
  const field = (name, label, input) => (
    <div className="field chat__field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input({ id: `${id}-${name}`, 'aria-invalid': errors[name] ? 'true' : undefined, 'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined })}
      {errors[name] && (
        <p id={`${id}-${name}-error`} className="field__error">
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <div className="chat" data-testid="chat">
      {mine.length > 1 && (
        <div className="field chat__field">
          <label htmlFor={`${id}-history`}>{t('history')}</label>
          <select id={`${id}-history`} value={conv?.id ?? ''} onChange={(e) => onChoose?.(e.target.value ? { id: e.target.value } : null)}>
            {mine.map((c) => (
              <option key={c.id} value={c.id}>
                {formatMoment(lang, c.lastMessageAt)} – {c.lastMessage}
              </option>
            ))}
            <option value="">{t('newChat')}</option>
          </select>
        </div>
      )}
      <p className="chat__status" role="status" data-online={online === null ? undefined : String(online)}>
        {online === null ? t('checking') : online ? t('online') : t('offline')}
      </p>
      {messages.length > 0 && (
        <ol className="chat__messages" ref={listRef} aria-live="polite" data-testid="chat-messages">
          {messages.map((m) => (
            <li key={m.id} className={`chat__message chat__message--${m.from}`} data-from={m.from}>
              <span className="chat__meta">
                {m.from === 'staff' ? t('staff') : t('you')} · <time dateTime={m.at}>{formatMoment(lang, m.at)}</time>
              </span>
              <span className="chat__text">{m.text}</span>
            </li>
          ))}
        </ol>
      )}
      {closed && <p className="chat__note">{t('closed')}</p>}
      {notice && (
        <p className="chat__note" role="alert" data-notice={notice}>
          {t(notice)}
        </p>
      )}
      <form className="chat__form" onSubmit={onSubmit} noValidate>
        {!conv &&
          !user &&
          field('name', t('name'), (p) => <input {...p} type="text" autoComplete="name" maxLength={100} value={name} onChange={set('name')} required />)}
        {(needEmail || (!conv && !user)) &&
          field('email', needEmail ? t('email') : t('emailOptional'), (p) => (
            <input {...p} type="email" autoComplete="email" maxLength={254} value={email} onChange={set('email')} required={needEmail} />
          ))}
        {field('text', t('message'), (p) => (
          <textarea {...p} rows={3} maxLength={MAX} value={text} onChange={set('text')} required />
        ))}
        {errors.form && (
          <p className="field__error" role="alert">
            {errors.form}
          </p>
        )}
        <button type="submit" className="button button--small" disabled={busy} aria-busy={busy || undefined}>
          {busy ? t('sending') : conv ? t('send') : t('start')}
        </button>
      </form>
      {company && <p className="chat__other">{t('other', { email: company.email.support, phone: company.phone })}</p>}
    </div>
  );
}
