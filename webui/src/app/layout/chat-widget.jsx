import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { useCommonTexts } from '../../lib/i18n.js';
import { Icon } from '../../components/icon.jsx';
import { useAuth } from '../../features/auth/auth-context.jsx';
import { VisitorChat } from '../../features/chat/visitor-chat.jsx';

/**
 * ChatWidget is the live support corner: a conversation with staff in real time, or, when nobody
 * is online, a message they answer by e-mail. Loaded only after the page is idle (late-widgets.jsx).
 */
export function ChatWidget() {
  const lang = useLanguage();
  const t = useCommonTexts();
  const id = useId();
  const { user } = useAuth();
  const [open, setOpen] = useState(false);
  return (
    <aside className="chat-widget" aria-label={t('chat.title')} data-testid="chat-widget">
      {open && (
        <div id={id} className="chat-widget__panel">
          <p className="chat-widget__title">{t('chat.open')}</p>
          <VisitorChat user={user} />
          <p className="chat-widget__contact">
            <Link to={path('contact', lang)} onClick={() => setOpen(false)}>
              {t('chat.contact')}
            </Link>
          </p>
        </div>
      )}
      <button type="button" className="chat-widget__button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <Icon name={open ? 'close' : 'chat'} />
        <span>{open ? t('chat.close') : t('chat.open')}</span>
      </button>
    </aside>
  );
}
