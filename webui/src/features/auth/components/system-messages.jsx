import { useState } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { ApiError } from '../../../lib/api-client.js';
import { Loading } from '../../../components/loading.jsx';
import { markMessageRead, useMessages } from '../api/account.js';
import { useAuthTexts } from './auth-form.jsx';
import { Notice } from '../../../components/notice.jsx';
import { EmptyState } from '../../../components/empty-state.jsx';
import { formatDate } from '../../../lib/format.js';

/** SystemMessages lists the user's system notifications (spec §2, §3), newest first. */
export function SystemMessages({ headingId }) {
  const lang = useLanguage();
  const t = useAuthTexts();
  const { data: messages, error, mutate } = useMessages(lang);
  const [failed, setFailed] = useState('');
  const date = { format: (d) => formatDate(lang, d, { dateStyle: 'long', timeStyle: 'short' }) };

  async function markRead(id) {
    setFailed('');
    try {
      await markMessageRead(id, lang);
      await mutate((list) => list?.map((m) => (m.id === id ? { ...m, read: true } : m)), { revalidate: false });
    } catch (err) {
      setFailed(err instanceof ApiError ? err.message : t('failed'));
    }
  }

  let body;
  if (error) body = <p className="form__error">{error instanceof ApiError ? error.message : t('messages.failed')}</p>;
  else if (!messages) body = <Loading variant="list" />;
  else if (!messages.length) body = <EmptyState>{t('messages.empty')}</EmptyState>;
  else {
    body = (
      <ul className="messages" data-testid="system-messages">
        {messages.map((m) => (
          <li key={m.id} className={m.read ? 'message' : 'message message--unread'} data-read={m.read ? 'true' : 'false'}>
            <h3 className="message__title">
              {!m.read && <span className="badge">{t('messages.unread')}</span>} {m.title}
            </h3>
            <p className="message__meta">
              <time dateTime={m.createdAt}>{safeDate(date, m.createdAt)}</time>
            </p>
            <p>{m.body}</p>
            {!m.read && (
              <button type="button" className="button button--ghost button--small" onClick={() => markRead(m.id)}>
                {t('messages.markRead')}
              </button>
            )}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <section aria-labelledby={headingId} className="account__block">
      <h2 id={headingId}>{t('messages.title')}</h2>
      {failed && (
        <Notice tone="error">
          {failed}
        </Notice>
      )}
      {body}
    </section>
  );
}

function safeDate(format, value) {
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? '' : format.format(d);
}
