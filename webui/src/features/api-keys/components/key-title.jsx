import { useApiKeyTexts } from '../texts.js';
import { SandboxBadge } from './sandbox-badge.jsx';

/** KeyTitle is how a key reads in a list, the customer's and staff's: its name, the sandbox badge, the start of its secret and its access. */
export function KeyTitle({ apiKey: k }) {
  const t = useApiKeyTexts();
  return (
    <>
      <strong>{k.name}</strong>
      {k.sandbox && (
        <>
          {' '}
          <SandboxBadge />
        </>
      )}{' '}
      <code>{`${k.shown}…`}</code> · {t(`scopes.${k.scope}`)}
    </>
  );
}

/** isExpired says whether a key not revoked has passed its expiry. */
export function isExpired(k, now = new Date()) {
  return !k.revokedAt && Boolean(k.expiresAt) && new Date(k.expiresAt) <= now;
}

/** isActive says whether a key still works: neither revoked nor expired. */
export function isActive(k, now = new Date()) {
  return !k.revokedAt && !isExpired(k, now);
}
