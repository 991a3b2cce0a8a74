import { useTranslation } from 'react-i18next';

/** Loading is the placeholder while a chunk or data loads: "Yükleniyor..." / "Loading...". */
export function Loading({ lang }) {
  const { t } = useTranslation('common', lang ? { lng: lang } : undefined);
  return (
    <p className="loading" role="status" aria-live="polite">
      {t('loading')}
    </p>
  );
}
