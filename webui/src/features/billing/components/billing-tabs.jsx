import { NavLink } from 'react-router-dom';
import { accountPath, accountTabPath } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useBillingTexts } from '../texts.js';
import '../billing.css';

const SECTION = 'fatura-bilgileri';

/** BillingTabs links the billing area's three pages; the current one is marked aria-current="page". */
export function BillingTabs() {
  const lang = useLanguage();
  const t = useBillingTexts();
  const tabs = [
    ['details', accountPath(lang, SECTION), true],
    ['invoices', accountTabPath(lang, SECTION, 'faturalar'), false],
    ['balance', accountTabPath(lang, SECTION, 'bakiye'), true],
  ];
  return (
    <nav className="billing-tabs" aria-label={t('tabs.label')}>
      <ul>
        {tabs.map(([key, to, end]) => (
          <li key={key}>
            {/* the invoices tab stays current on an invoice's own page below it */}
            <NavLink to={to} end={end} className="billing-tabs__link" data-tab={key}>
              {t(`tabs.${key}`)}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
