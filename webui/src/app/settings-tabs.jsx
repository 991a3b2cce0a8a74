import { accountPath, accountTabPath } from '../config/paths.js';
import { useLanguage } from '../lib/language.jsx';
import { defineTexts } from '../lib/i18n.js';
import { SectionTabs } from '../components/section-tabs.jsx';

// The tabs of a customer's settings section: the account's own settings, their API keys
// (features/api-keys) and their webhooks (features/webhooks). The tabs span features, which do
// not import each other, so they are drawn here, where the routes compose them.
const texts = {
  tr: { label: 'Ayarlar bölümleri', settings: 'Hesap ayarları', keys: 'API anahtarları', webhooks: 'Webhooklar' },
  en: { label: 'Settings sections', settings: 'Account settings', keys: 'API keys', webhooks: 'Webhooks' },
};
const useSettingsTabsTexts = defineTexts('settings-tabs', texts);

/** SettingsTabs links a customer's settings, their API keys and their webhooks; the current one is marked aria-current="page". */
export function SettingsTabs() {
  const lang = useLanguage();
  const t = useSettingsTabsTexts();
  return (
    <SectionTabs
      label={t('label')}
      tabs={[
        { key: 'settings', to: accountPath(lang, 'ayarlar'), label: t('settings') },
        { key: 'api-keys', to: accountTabPath(lang, 'ayarlar', 'api-anahtarlari'), label: t('keys') },
        { key: 'webhooks', to: accountTabPath(lang, 'ayarlar', 'webhooklar'), label: t('webhooks') },
      ]}
    />
  );
}
