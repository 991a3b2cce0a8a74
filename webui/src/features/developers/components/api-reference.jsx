import { Fragment, useMemo } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { Loading } from '../../../components/loading.jsx';
import { Notice } from '../../../components/notice.jsx';
import { curlExample, localized, schemaTree, summaryOf } from '../openapi.js';
import { useDevelopersTexts } from '../texts.js';
import { CodeBlock } from './code-block.jsx';
import { Flags, SchemaView } from './schema-view.jsx';

/** MethodBadge is an operation's HTTP method, coloured by kind. */
export function MethodBadge({ method }) {
  return <span className={`dev-method dev-method--${method}`}>{method.toUpperCase()}</span>;
}

/** PathText is a path that a narrow box breaks after a slash rather than inside a word. */
export function PathText({ path }) {
  return String(path)
    .split('/')
    .map((part, i) => (
      <Fragment key={i}>
        {i > 0 && (
          <>
            /<wbr />
          </>
        )}
        {part}
      </Fragment>
    ));
}

/**
 * ApiReference is the document's operations (groups: openapi.js groupByTag), a section per tag
 * and a block per operation, while it loads a placeholder, and when it failed a notice with a
 * button that tries again (onRetry). origin starts the curl examples' URLs.
 */
export function ApiReference({ doc, groups, error, onRetry, origin }) {
  const t = useDevelopersTexts();
  if (!groups) {
    if (error) {
      return (
        <div className="dev-reference__state" data-testid="api-reference-failed">
          <Notice tone="error">{t('reference.failed')}</Notice>
          <div className="actions">
            <button type="button" className="button button--ghost" onClick={onRetry} data-action="retry-reference">
              {t('reference.retry')}
            </button>
          </div>
        </div>
      );
    }
    return <Loading variant="list" rows={6} />;
  }
  if (!groups.length) return <p className="field__hint">{t('reference.empty')}</p>;
  return (
    <div className="dev-reference" data-testid="api-reference">
      {groups.map((group) => (
        <section key={group.tag} id={group.anchor} className="dev-tag" aria-labelledby={`${group.anchor}-title`}>
          <h3 id={`${group.anchor}-title`} className="dev-tag__title">
            {group.name || t('reference.other')}
          </h3>
          <p className="dev-tag__count">{t('reference.count', { count: group.operations.length })}</p>
          {group.description && <p className="dev-tag__description">{group.description}</p>}
          {group.operations.map((operation) => (
            <Operation key={operation.anchor} doc={doc} operation={operation} origin={origin} />
          ))}
        </section>
      ))}
    </div>
  );
}

/**
 * Operation is one operation: method and path, summary (x-summary-tr in Turkish), parameters,
 * request body and success answer with their schemas, and a curl example to copy.
 */
export function Operation({ doc, operation, origin }) {
  const lang = useLanguage();
  const t = useDevelopersTexts();
  const { anchor, id, method, path, op, parameters, body, success } = operation;
  const summary = summaryOf(op, lang);
  const description = localized(op, 'description', lang);
  const bodyTree = useMemo(() => (body?.schema ? schemaTree(doc, body.schema, lang) : null), [doc, body, lang]);
  const successTree = useMemo(() => (success?.schema ? schemaTree(doc, success.schema, lang) : null), [doc, success, lang]);
  const curl = useMemo(() => curlExample(doc, operation, origin), [doc, operation, origin]);
  return (
    <article id={anchor} className="dev-op" data-operation-id={id} aria-labelledby={`${anchor}-title`}>
      <h4 id={`${anchor}-title`} className="dev-op__title">
        <MethodBadge method={method} />{' '}
        <code className="dev-op__path">
          <PathText path={path} />
        </code>
      </h4>
      {summary && <p className="dev-op__summary">{summary}</p>}
      {description && description !== summary && <p className="dev-op__description">{description}</p>}
      {op.deprecated && <p className="badge dev-op__deprecated">{t('reference.deprecated')}</p>}
      {parameters.length > 0 && (
        <section className="dev-op__part">
          <h5>{t('reference.parameters')}</h5>
          <ul className="dev-schema__props dev-params">
            {parameters.map((p) => (
              <Parameter key={`${p.in}:${p.name}`} doc={doc} param={p} />
            ))}
          </ul>
        </section>
      )}
      {body && (
        <section className="dev-op__part">
          <h5>
            {t('reference.requestBody')} <code className="dev-op__media">{body.contentType}</code>
          </h5>
          {localized(body.raw, 'description', lang) && <p className="dev-schema__description">{localized(body.raw, 'description', lang)}</p>}
          {bodyTree && <SchemaView node={bodyTree} />}
        </section>
      )}
      {success && (
        <section className="dev-op__part">
          <h5>{t('reference.response', { status: success.status })}</h5>
          {localized(success.raw, 'description', lang) && <p className="dev-schema__description">{localized(success.raw, 'description', lang)}</p>}
          {successTree ? <SchemaView node={successTree} /> : <p className="dev-schema__description">{t('reference.noContent')}</p>}
        </section>
      )}
      <CodeBlock code={curl} caption={t('reference.example')} copyName={`${method.toUpperCase()} ${path}`} testid="curl-example" />
    </article>
  );
}

/** Parameter is one parameter: its name, where it goes (path, query, header), type, whether required, description. */
function Parameter({ doc, param }) {
  const lang = useLanguage();
  const t = useDevelopersTexts();
  const node = useMemo(() => schemaTree(doc, param.schema ?? {}, lang), [doc, param, lang]);
  const description = localized(param, 'description', lang);
  return (
    <li data-param={param.name}>
      <p className="dev-schema__line">
        <code className="dev-schema__name">{param.name}</code> <span className="dev-flag dev-flag--in">{t(`reference.in.${param.in}`, { defaultValue: param.in })}</span>{' '}
        <code className="dev-schema__type">{node.label}</code> <Flags required={param.required === true} nullable={node.nullable} />
      </p>
      {description && <p className="dev-schema__description">{description}</p>}
      {node.enum && (
        <p className="dev-schema__values">
          {t('reference.values')}{' '}
          {node.enum.map((v, i) => (
            <code key={i}>{String(v)}</code>
          ))}
        </p>
      )}
      {node.constraints.length > 0 && (
        <p className="dev-schema__values">
          {node.constraints.map(([k, v]) => (
            <code key={k}>{`${k}: ${String(v)}`}</code>
          ))}
        </p>
      )}
    </li>
  );
}
