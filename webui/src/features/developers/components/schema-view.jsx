import { useDevelopersTexts } from '../texts.js';

/**
 * SchemaView draws a schema tree (openapi.js schemaTree): its type, then its properties one per
 * line with their type, whether required and nullable, their values and description, nested
 * objects and arrays' items indented below their property. A reference met again below itself
 * is named, not drawn again.
 */
export function SchemaView({ node }) {
  return (
    <div className="dev-schema">
      <p className="dev-schema__root">
        <TypeName node={node} />
      </p>
      <SchemaBody node={node} />
    </div>
  );
}

/** TypeName is a node's type: the component's name or type as developers write it, and (a component's) its kind. */
function TypeName({ node }) {
  const t = useDevelopersTexts();
  const kind = node.ref && node.type !== 'object' && node.type !== 'any' ? (node.format ? `${node.type} (${node.format})` : node.type) : '';
  return (
    <>
      <code className="dev-schema__type">{node.label}</code>
      {kind && <span className="dev-schema__kind"> {kind}</span>}
      {node.cycle && <span className="dev-schema__kind"> ({t('reference.cycle')})</span>}
    </>
  );
}

/** Flags are a property's words: required or optional, nullable. */
function Flags({ required, nullable }) {
  const t = useDevelopersTexts();
  return (
    <>
      {required !== undefined && <span className={required ? 'dev-flag dev-flag--required' : 'dev-flag'}>{required ? t('reference.required') : t('reference.optional')}</span>}
      {nullable && <span className="dev-flag">{t('reference.nullable')}</span>}
    </>
  );
}

/** SchemaBody is what is below a node's type: description, values, constraints, variants, properties, items. */
function SchemaBody({ node }) {
  const t = useDevelopersTexts();
  if (!node || node.cycle) return null;
  return (
    <>
      {node.description && <p className="dev-schema__description">{node.description}</p>}
      {node.enum && (
        <p className="dev-schema__values">
          {t('reference.values')}{' '}
          {node.enum.map((v, i) => (
            <code key={i}>{v === null ? 'null' : String(v)}</code>
          ))}
        </p>
      )}
      {node.constraints?.length > 0 && (
        <p className="dev-schema__values">
          {node.constraints.map(([k, v]) => (
            <code key={k}>{`${k}: ${typeof v === 'object' ? JSON.stringify(v) : String(v)}`}</code>
          ))}
        </p>
      )}
      {node.variants && (
        <div className="dev-schema__nested">
          <p className="dev-schema__values">{t(`reference.${node.variants.kind}`)}</p>
          <ul className="dev-schema__props">
            {node.variants.nodes.map((v, i) => (
              <li key={i}>
                <p className="dev-schema__line">
                  <TypeName node={v} />
                </p>
                <SchemaBody node={v} />
              </li>
            ))}
          </ul>
        </div>
      )}
      {node.properties?.length > 0 && <Properties properties={node.properties} />}
      {node.additional && (node.additional.properties?.length > 0 || node.additional.enum) && (
        <div className="dev-schema__nested">
          <p className="dev-schema__values">{t('reference.additional')}:</p>
          <SchemaBody node={node.additional} />
        </div>
      )}
      {node.items && <Items node={node.items} />}
    </>
  );
}

/** Items is what an array holds, below the array: drawn only when there is more to say than its type. */
function Items({ node }) {
  const t = useDevelopersTexts();
  const more = node.cycle || node.description || node.enum || node.properties?.length || node.items || node.variants || node.constraints?.length;
  if (!more) return null;
  return (
    <div className="dev-schema__nested">
      <p className="dev-schema__line">
        <span className="dev-schema__kind">{t('reference.item')}:</span> <TypeName node={node} />
      </p>
      <SchemaBody node={node} />
    </div>
  );
}

/** Properties are an object's properties, one per line with what is below each indented. */
function Properties({ properties }) {
  return (
    <ul className="dev-schema__props">
      {properties.map(({ name, required, node }) => (
        <li key={name}>
          <p className="dev-schema__line">
            <code className="dev-schema__name">{name}</code> <TypeName node={node} /> <Flags required={required} nullable={node.nullable} />
          </p>
          <SchemaBody node={node} />
        </li>
      ))}
    </ul>
  );
}

export { Flags };
