import { accountPath, accountTabPath } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { SectionTabs } from '../../../components/section-tabs.jsx';
import { useApiKeyTexts } from '../texts.js';

/** SettingsTabs links a customer's settings and their API keys (a tab of the settings section). */
export function SettingsTabs() {
  const lang = useLanguage();
  const t = useApiKeyTexts();
  return (
    <SectionTabs
      label={t('tabs.label')}
      tabs={[
        { key: 'settings', to: accountPath(lang, 'ayarlar'), label: t('tabs.settings') },
        { key: 'api-keys', to: accountTabPath(lang, 'ayarlar', 'api-anahtarlari'), label: t('tabs.keys') },
      ]}
    />
  );
}
