import { useId } from 'react';
import { Link } from 'react-router-dom';
import { accountPath } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { Icon } from '../../../components/icon.jsx';
import { useAuth } from '../auth-context.jsx';
import { menuOf, useSectionTexts } from '../account-sections.js';
import { useDisclosure } from '../../../lib/use-disclosure.js';

/**
 * AccountMenu replaces the header's login button for a signed-in user (spec §2): a button with
 * their name opening their role's menu and a logout entry. Like the services menu, a disclosure:
 * Enter/Space/ArrowDown open it, arrows move between entries, Escape closes it and returns focus.
 */
export function AccountMenu() {
  const lang = useLanguage();
  const t = useSectionTexts();
  const { user, role, logout } = useAuth();
  const id = useId();
  const { open, setOpen, root, button } = useDisclosure();

  const items = () => [...(root.current?.querySelectorAll('.account-menu__item') ?? [])];
  const focusItem = (index) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };
  const onKeyDown = (e) => {
    if (e.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      const step = e.key === 'ArrowDown' ? 1 : -1;
      if (e.target === button.current) {
        setOpen(true);
        requestAnimationFrame(() => focusItem(step === 1 ? 0 : -1));
      } else {
        focusItem(items().indexOf(e.target) + step);
      }
    }
  };
  const onBlur = (e) => {
    if (root.current && !root.current.contains(e.relatedTarget)) setOpen(false);
  };

  const name = user?.fullName?.trim() || t('account');
  return (
    <div className="account-menu" ref={root} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className="button button--small account-menu__button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="visually-hidden">{t('menuLabel')}: </span>
        <span className="account-menu__name">{name}</span>
        <Icon name="chevron" className="icon icon--small" />
      </button>
      <div id={id} className="account-menu__panel" hidden={!open}>
        <ul className="account-menu__list">
          {menuOf(role).map((key) => (
            <li key={key}>
              <Link to={accountPath(lang, key)} className="account-menu__item" data-section={key}>
                {t(`sections.${key}`)}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" className="account-menu__item account-menu__logout" onClick={logout}>
              {t('logout')}
            </button>
          </li>
        </ul>
      </div>
    </div>
  );
}
