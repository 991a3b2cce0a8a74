import { accountPath, accountTabPath } from '../config/paths.js';
import { useLanguage } from '../lib/language.jsx';
import { SectionTabs } from '../components/section-tabs.jsx';
import { useEarningsTexts } from '../features/earnings/texts.js';

const SECTION = 'banka-hesaplari';

/** BankTabs links the bank accounts section's two pages: the accounts and the earnings paid out to them. */
export function BankTabs() {
  const lang = useLanguage();
  const t = useEarningsTexts();
  return (
    <SectionTabs
      label={t('tabs.label')}
      tabs={[
        { key: 'accounts', to: accountPath(lang, SECTION), label: t('tabs.accounts') },
        { key: 'earnings', to: accountTabPath(lang, SECTION, 'kazanclar'), label: t('tabs.earnings') },
      ]}
    />
  );
}
