import { useOutletContext } from 'react-router-dom';
import { useAuth } from '../../../features/auth/auth-context.jsx';
import { Notice } from '../../../components/notice.jsx';
import { WebhooksPanel } from '../../../features/webhooks/components/webhooks-panel.jsx';
import { useWebhookTexts } from '../../../features/webhooks/texts.js';
import { SettingsTabs } from '../../settings-tabs.jsx';

// The settings section's webhooks tab (svc-auth API.md "Webhooks"): customers only. A mail about
// an endpoint links here with ?endpoint=<id>, which the panel opens.
export function Component() {
  const { title } = useOutletContext();
  const { user } = useAuth();
  const t = useWebhookTexts();
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
      <WebhooksPanel />
    </>
  );
}
