import { useState } from 'react';
import { useWebhookTexts } from '../texts.js';

/**
 * SecretBox shows an endpoint's signing secret with a button that copies it: once after the
 * endpoint is made, when it is revealed, and after a rotation (title and lead say which). onDone
 * closes it (doneLabel: "I have stored it", "Hide"). heading is the level of its title, if it has one.
 */
export function SecretBox({ title, lead, secret, onDone, doneLabel, heading: Heading = 'h2', testid = 'webhook-secret' }) {
  const t = useWebhookTexts();
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false); // no clipboard (an insecure origin): the secret stays shown to select by hand
    }
  }
  return (
    <section className="webhook-secret" role="status" data-testid={testid}>
      {title && <Heading className="webhook-secret__title">{title}</Heading>}
      <p>{lead}</p>
      <p className="webhook-secret__value">
        <code data-secret>{secret}</code>
      </p>
      <div className="actions">
        <button type="button" className="button button--ghost button--small" onClick={copy} data-action="copy-secret">
          {copied ? t('secret.copied') : t('secret.copy')}
        </button>
        <button type="button" className="button button--small" onClick={onDone} data-action="secret-stored">
          {doneLabel}
        </button>
      </div>
    </section>
  );
}
