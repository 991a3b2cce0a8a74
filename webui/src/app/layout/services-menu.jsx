import { useId } from 'react';
import { Link } from 'react-router-dom';
import { path, SERVICE_SCREENS } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { useCommonTexts } from '../../lib/i18n.js';
import { Icon } from '../../components/icon.jsx';
import { useDisclosure } from '../../lib/use-disclosure.js';

export const SERVICE_ICONS = {
  'professional-translation': 'fa-language',
  'website-translation': 'fa-globe',
  'content-creation': 'fa-pen-nib',
  proofreading: 'fa-spell-check',
  'subtitle-translation': 'fa-closed-captioning',
  paraphrasing: 'fa-arrows-rotate',
  transcription: 'fa-microphone-lines',
  'desktop-publishing': 'fa-object-group',
};

/**
 * ServicesMenu is the header's dropdown: the eight services and the corporate banner. A
 * disclosure button: Enter/Space/ArrowDown open it, Escape closes it and returns focus.
 */
export function ServicesMenu() {
  const lang = useLanguage();
  const t = useCommonTexts();
  const id = useId();
  const { open, setOpen, root, button } = useDisclosure();

  const onKeyDown = (e) => {
    if (e.key === 'Escape' && open) {
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'ArrowDown' && e.target === button.current) {
      e.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => root.current?.querySelector('.services-menu__panel a')?.focus());
    }
  };
  const onBlur = (e) => {
    if (root.current && !root.current.contains(e.relatedTarget)) setOpen(false);
  };

  return (
    <div className="services-menu" ref={root} onKeyDown={onKeyDown} onBlur={onBlur}>
      <button
        ref={button}
        type="button"
        className="site-nav__link services-menu__button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
      >
        {t('nav.services')}
        <Icon name="chevron" className="icon icon--small" />
      </button>
      <div id={id} className="services-menu__panel" hidden={!open}>
        <ul className="services-menu__list">
          {Object.entries(SERVICE_SCREENS).map(([serviceId, screen]) => (
            <li key={serviceId}>
              <Link to={path(screen, lang)} className="services-menu__item">
                <Icon name={SERVICE_ICONS[serviceId]} />
                {t(`nav.serviceNames.${serviceId}`)}
              </Link>
            </li>
          ))}
        </ul>
        <div className="services-menu__banner">
          <p className="services-menu__banner-title">{t('nav.corporateTitle')}</p>
          <p>{t('nav.corporateText')}</p>
          <Link to={path('corporate', lang)} className="button button--small">
            {t('nav.corporateCta')}
          </Link>
        </div>
        <Link to={path('services', lang)} className="services-menu__all">
          {t('nav.allServices')} →
        </Link>
      </div>
    </div>
  );
}
