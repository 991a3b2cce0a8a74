import { Link } from 'react-router-dom';
import { PATHS } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useStaffTexts } from '../texts.js';

/** Forbidden is the 403 page a signed-in customer or translator sees at a back office address. */
export function Forbidden() {
  const lang = useLanguage();
  const t = useStaffTexts();
  return (
    <div className="not-found" data-testid="staff-forbidden">
      <p className="staff-code">403</p>
      <h1>{t('forbidden.title')}</h1>
      <p>{t('forbidden.text')}</p>
      <div className="actions">
        <Link className="button" to={PATHS.account[lang]}>
          {t('forbidden.account')}
        </Link>
      </div>
    </div>
  );
}
