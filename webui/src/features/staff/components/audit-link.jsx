import { Link } from 'react-router-dom';
import { STAFF_SECTIONS } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { auditPath } from '../api/audit.js';
import { useStaffTexts } from '../texts.js';

/**
 * AuditLink leads from an object's screen to its history in the audit screen: the entries of
 * the service (area: orders, billing, translators, catalog) that owns the object, kind and id
 * as that service records them. Nothing while the back office has no audit screen or no id.
 */
export function AuditLink({ area, kind, id, sections = STAFF_SECTIONS, children }) {
  const lang = useLanguage();
  const t = useStaffTexts();
  const to = id ? auditPath(lang, area, kind, id, sections) : null;
  if (!to) return null;
  return (
    <Link to={to} data-audit={`${kind}:${id}`} data-audit-area={area} className="staff-audit-link">
      {children ?? t('common.audit')}
    </Link>
  );
}
