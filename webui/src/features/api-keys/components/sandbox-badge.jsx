import { useApiKeyTexts } from '../texts.js';

/** SandboxBadge marks a key of the customer's sandbox space: in their list, on its secret and in staff's list. */
export function SandboxBadge() {
  const t = useApiKeyTexts();
  return (
    <span className="api-key-badge" data-testid="sandbox-badge">
      {t('sandbox.badge')}
    </span>
  );
}
