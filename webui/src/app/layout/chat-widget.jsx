import { useId, useState } from 'react';
import { Link } from 'react-router';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { useTexts } from '../../lib/i18n.js';
import { Icon } from '../../components/icon.jsx';

/** ChatWidget is the 24/7 support corner: how to reach a person right now. */
export function ChatWidget() {
  const lang = useLanguage();
  const t = useTexts();
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <aside className="chat-widget" aria-label={t('chat.title')} data-testid="chat-widget">
      {open && (
        <div id={id} className="chat-widget__panel">
          <p className="chat-widget__title">{t('chat.title')}</p>
          <p>{t('chat.text')}</p>
          <ul>
            <li>
              <a href="mailto:destek@linguaport.com">{t('chat.email')}</a>
            </li>
            <li>
              <a href="tel:+902125550142">{t('chat.phone')}</a>
            </li>
            <li>
              <Link to={path('contact', lang)} onClick={() => setOpen(false)}>
                {t('chat.contact')}
              </Link>
            </li>
          </ul>
        </div>
      )}
      <button type="button" className="chat-widget__button" aria-expanded={open} aria-controls={id} onClick={() => setOpen((o) => !o)}>
        <Icon name={open ? 'close' : 'chat'} />
        <span>{open ? t('chat.close') : t('chat.open')}</span>
      </button>
    </aside>
  );
}
