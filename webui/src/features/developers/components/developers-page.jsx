import { useEffect, useMemo, useRef } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { accountTabPath } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { PageHero } from '../../../components/page-hero.jsx';
import { useOpenApi } from '../api/get-openapi.js';
import { API_KEY_PLACEHOLDER, OPENAPI_URL, documentSummary, groupByTag } from '../openapi.js';
import { useDevelopersTexts } from '../texts.js';
import { useSiteOrigin } from '../use-site-origin.js';
import { ApiReference, MethodBadge, PathText } from './api-reference.jsx';
import { CodeBlock } from './code-block.jsx';
import { InlineCode } from './inline-code.jsx';
import '../developers.css';

// The introduction's sections: the key of their texts and their anchor, the same in both languages.
const SECTIONS = [
  ['start', 'start'],
  ['base', 'base-url'],
  ['auth', 'authentication'],
  ['errors', 'errors'],
  ['idempotency', 'idempotency'],
  ['limits', 'rate-limits'],
  ['paging', 'paging'],
  ['webhooks', 'webhooks'],
  ['sandbox', 'sandbox'],
  ['openapi', 'openapi'],
];
const anchor = Object.fromEntries(SECTIONS);
export const REFERENCE_ANCHOR = 'reference';

/**
 * DevelopersPage is the public page about the API (/tr/gelistiriciler, /en/developers): the
 * page's own introduction (getting a key, base URL, authentication, errors, Idempotency-Key,
 * rate limits, paging, webhooks, the sandbox, the OpenAPI document), prerendered; and the operations read
 * from the OpenAPI document in the browser, with a table of contents beside them (above them on
 * a phone).
 */
export function DevelopersPage() {
  const lang = useLanguage();
  const t = useDevelopersTexts();
  const origin = useSiteOrigin();
  const { doc, error, mutate } = useOpenApi();
  const groups = useMemo(() => (doc ? groupByTag(doc, lang) : null), [doc, lang]);
  useScrollToHash(Boolean(groups));
  const keysPath = accountTabPath(lang, 'ayarlar', 'api-anahtarlari');
  const webhooksPath = accountTabPath(lang, 'ayarlar', 'webhooklar');
  const version = doc && documentSummary(doc);
  const errorExample = JSON.stringify({ error: { code: 'validation_failed', message: t('errors.example.message'), fields: { url: t('errors.example.field') } } }, null, 2);

  return (
    <article className="page developers" data-testid="developers">
      <PageHero eyebrow={t('eyebrow')} title={t('heading')} lead={t('lead')}>
        <div className="actions">
          <a className="button" href={OPENAPI_URL} download="linguaport-openapi.json" type="application/json" data-testid="openapi-download">
            {t('download')}
          </a>
          <Link className="button button--ghost" to={keysPath}>
            {t('getKey')}
          </Link>
        </div>
        <p className="field__hint developers__hint">{t('downloadHint')}</p>
      </PageHero>
      <div className="developers__layout">
        <nav className="developers__toc" aria-labelledby="developers-toc-title" data-testid="developers-toc">
          <h2 id="developers-toc-title" className="developers__toc-title">
            {t('toc.title')}
          </h2>
          <ol className="developers__toc-list">
            {SECTIONS.map(([key, id]) => (
              <li key={id}>
                <a href={`#${id}`}>{t(`${key}.title`)}</a>
              </li>
            ))}
            <li>
              <a href={`#${REFERENCE_ANCHOR}`}>{t('toc.reference')}</a>
              {groups?.length > 0 && (
                <ol className="developers__toc-tags">
                  {groups.map((group) => (
                    <li key={group.tag}>
                      <a href={`#${group.anchor}`}>{group.name || t('reference.other')}</a>
                      <ol className="developers__toc-ops">
                        {group.operations.map((op) => (
                          <li key={op.anchor}>
                            <a href={`#${op.anchor}`}>
                              <MethodBadge method={op.method} />{' '}
                              <span className="developers__toc-path">
                                <PathText path={op.path.replace(/^\/api\/v1/, '')} />
                              </span>
                            </a>
                          </li>
                        ))}
                      </ol>
                    </li>
                  ))}
                </ol>
              )}
            </li>
          </ol>
        </nav>

        <div className="developers__content">
          <Section id={anchor.start} title={t('start.title')}>
            {t('start.text').map((p) => (
              <p key={p}>
                <InlineCode text={p} />
              </p>
            ))}
            <p>
              <Link to={keysPath} data-testid="developers-keys-link">
                {t('start.keyLink')}
              </Link>
            </p>
            <p>{t('start.list')}</p>
          </Section>

          <Section id={anchor.base} title={t('base.title')}>
            <p>
              <InlineCode text={t('base.text')} />
            </p>
            <CodeBlock code={`${origin}/api/v1`} caption={t('base.label')} testid="base-url" />
            <p>
              <InlineCode text={t('base.formats')} />
            </p>
          </Section>

          <Section id={anchor.auth} title={t('auth.title')}>
            <p>
              <InlineCode text={t('auth.text')} />
            </p>
            <CodeBlock code={`Authorization: Bearer ${API_KEY_PLACEHOLDER}`} caption={t('auth.label')} />
            <p>
              <InlineCode text={t('auth.scope')} />
            </p>
            <p>
              <InlineCode text={t('auth.cookies')} />
            </p>
          </Section>

          <Section id={anchor.errors} title={t('errors.title')}>
            <p>
              <InlineCode text={t('errors.text')} />
            </p>
            <CodeBlock code={errorExample} caption={t('errors.label')} />
            <p>
              <InlineCode text={t('errors.code')} />
            </p>
          </Section>

          <Section id={anchor.idempotency} title={t('idempotency.title')}>
            <p>
              <InlineCode text={t('idempotency.text')} />
            </p>
            <ul>
              {t('idempotency.cases').map((c) => (
                <li key={c}>
                  <InlineCode text={c} />
                </li>
              ))}
            </ul>
          </Section>

          <Section id={anchor.limits} title={t('limits.title')}>
            <p>
              <InlineCode text={t('limits.text')} />
            </p>
            <ul>
              {t('limits.headers').map((h) => (
                <li key={h}>
                  <InlineCode text={h} />
                </li>
              ))}
            </ul>
            <p>
              <InlineCode text={t('limits.exceeded')} />
            </p>
          </Section>

          <Section id={anchor.paging} title={t('paging.title')}>
            <p>
              <InlineCode text={t('paging.text')} />
            </p>
            <CodeBlock code={`curl "${origin}/api/v1/…?limit=50&after=<next>" \\\n  -H "Authorization: Bearer ${API_KEY_PLACEHOLDER}"`} caption={t('paging.label')} />
          </Section>

          <Section id={anchor.webhooks} title={t('webhooks.title')}>
            <p>
              <InlineCode text={t('webhooks.text')} />
            </p>
            <p>{t('webhooks.headersIntro')}</p>
            <ul>
              {t('webhooks.headers').map((h) => (
                <li key={h}>
                  <InlineCode text={h} />
                </li>
              ))}
            </ul>
            <p>
              <InlineCode text={t('webhooks.verify')} />
            </p>
            <p>
              <InlineCode text={t('webhooks.retries')} />
            </p>
            <p>
              {t('webhooks.settings')}{' '}
              <Link to={webhooksPath} data-testid="developers-webhooks-link">
                {t('webhooks.settingsLink')}
              </Link>
            </p>
          </Section>

          <Section id={anchor.sandbox} title={t('sandbox.title')}>
            <p>
              <InlineCode text={t('sandbox.text')} />
            </p>
            <ul>
              {t('sandbox.facts').map((f) => (
                <li key={f}>
                  <InlineCode text={f} />
                </li>
              ))}
            </ul>
            <p>
              {t('sandbox.webhooks')}{' '}
              <Link to={`${webhooksPath}?space=sandbox`} data-testid="developers-sandbox-webhooks-link">
                {t('sandbox.webhooksLink')}
              </Link>
            </p>
          </Section>

          <Section id={anchor.openapi} title={t('openapi.title')}>
            <p>
              <InlineCode text={t('openapi.text')} />
            </p>
            <p>
              <a href={OPENAPI_URL} download="linguaport-openapi.json" type="application/json">
                {t('download')}
              </a>
              {version?.openapi && <span className="developers__version"> · {t('openapi.version', version)}</span>}
            </p>
          </Section>

          <Section id={REFERENCE_ANCHOR} title={t('reference.title')}>
            <p>
              <InlineCode text={t('reference.lead')} />
            </p>
            <ApiReference doc={doc} groups={groups} error={error} onRetry={() => mutate()} origin={origin} />
          </Section>
        </div>
      </div>
    </article>
  );
}

/** Section is one of the page's sections, its title an h2 with the section's anchor. */
function Section({ id, title, children }) {
  return (
    <section id={id} className="developers__section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

/**
 * useScrollToHash brings the part the address names (#webhooks, #op-createWebhookEndpoint) into
 * view once: the browser finds an introduction's section itself, but the layout scrolls to the
 * top after a navigation here (after this page's effects), and an operation only exists once the
 * document has come (ready).
 */
function useScrollToHash(ready) {
  const { hash } = useLocation();
  const shown = useRef('');
  useEffect(() => {
    if (!hash || hash.length < 2 || shown.current === hash) return undefined;
    let id = hash.slice(1);
    try {
      id = decodeURIComponent(id);
    } catch {
      // an address with a stray %: its id as written
    }
    const frame = requestAnimationFrame(() => {
      const target = document.getElementById(id);
      if (!target) return; // an operation, before the document has come
      shown.current = hash;
      target.scrollIntoView();
    });
    return () => cancelAnimationFrame(frame);
  }, [hash, ready]);
}
