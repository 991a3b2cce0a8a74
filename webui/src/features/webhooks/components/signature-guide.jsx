import { useId } from 'react';
import { Link } from 'react-router-dom';
import { path } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useWebhookTexts } from '../texts.js';

// A receiver in Node.js checking a delivery, as Standard Webhooks says: the same in both languages.
const EXAMPLE = `import { createHmac, timingSafeEqual } from 'node:crypto';

// body: the request's body as received (a string), before JSON.parse.
function verify(secret, headers, body) {
  const id = headers['webhook-id'];
  const timestamp = headers['webhook-timestamp'];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > 5 * 60) return false;
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(\`\${id}.\${timestamp}.\${body}\`).digest();
  return headers['webhook-signature'].split(' ').some((signature) => {
    const [version, value] = signature.split(',');
    const given = Buffer.from(value ?? '', 'base64');
    return version === 'v1' && given.length === expected.length && timingSafeEqual(given, expected);
  });
}`;

/**
 * SignatureGuide tells an integrator what a delivery carries and how to check it (Standard
 * Webhooks' headers and signature), how to answer, and when deliveries are retried or the
 * endpoint disabled.
 */
export function SignatureGuide() {
  const lang = useLanguage();
  const t = useWebhookTexts();
  const id = useId();
  return (
    <section className="account__block webhook-guide" aria-labelledby={`${id}-title`} data-testid="webhook-guide">
      <h2 id={`${id}-title`}>{t('guide.title')}</h2>
      <p>{t('guide.intro')}</p>
      <ul className="webhook-guide__headers">
        {['id', 'timestamp', 'signature'].map((h) => (
          <li key={h}>
            <code>{`webhook-${h}`}</code>: {t(`guide.${h}`)}
          </li>
        ))}
      </ul>
      <p>{t('guide.body')}</p>
      <p>{t('guide.answer')}</p>
      <p>{t('guide.retries')}</p>
      <p>{t('guide.gone')}</p>
      <p>{t('guide.order')}</p>
      <p className="webhook-guide__example">{t('guide.example')}</p>
      <pre className="webhook-code webhook-code--example">
        <code>{EXAMPLE}</code>
      </pre>
      <p className="webhook-guide__docs">
        {t('guide.docs')}{' '}
        <Link to={`${path('developers', lang)}#webhooks`} data-testid="webhook-docs-link">
          {t('guide.docsLink')}
        </Link>
      </p>
    </section>
  );
}
