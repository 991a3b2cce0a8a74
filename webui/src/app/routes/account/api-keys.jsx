import { useOutletContext } from 'react-router-dom';
import { useAuth } from '../../../features/auth/auth-context.jsx';
import { Notice } from '../../../components/notice.jsx';
import { ApiKeysPanel } from '../../../features/api-keys/components/api-keys-panel.jsx';
import { SettingsTabs } from '../../settings-tabs.jsx';
import { useApiKeyTexts } from '../../../features/api-keys/texts.js';

// The settings section's API keys tab (svc-auth API.md "API keys"): customers only.
export function Component() {
  const { title } = useOutletContext();
  const { user } = useAuth();
  const t = useApiKeyTexts();
  if (user?.type !== 'customer') {
    return (
      <>
        <h1>{title}</h1>
        <Notice>{t('notCustomer')}</Notice>
      </>
    );
  }
  return (
    <>
      <h1>{title}</h1>
      <SettingsTabs />
      <h2 className="visually-hidden">{t('title')}</h2>
      <ApiKeysPanel />
    </>
  );
}
