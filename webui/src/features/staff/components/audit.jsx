import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { STAFF_DETAILS, STAFF_SECTIONS, staffPath } from '../../../config/paths.js';
import { formatMoment } from '../../../lib/dates.js';
import { useLanguage } from '../../../lib/language.jsx';
import { moneyText } from '../../../lib/money.js';
import { AUDIT_AREAS, objectFilter, useAuditPages } from '../api/audit.js';
import { query } from '../api/staff.js';
import { useAuditTexts } from '../texts-audit.js';
import { ListState, MorePages } from './list-state.jsx';
import '../staff-editors.css';

// Where an object's own screen is, by its kind: an item's page (paths.js STAFF_DETAILS, by the
// detail's name) or, for things without one, the section (and its filter) that shows them.
// A balance's id is its customer's.
const DETAIL_OF_KIND = { application: 'application', ticket: 'ticket', order: 'order', quote: 'quote', invoice: 'invoice', customer: 'customer', balance: 'customer', inquiry: 'inquiry', post: 'post' };
const SECTION_OF_KIND = {
  transfer: ['havaleler'],
  payout: ['odemeler'],
  translator: ['cevirmenler'],
  price_list: ['fiyatlar'],
  figures: ['icerik', { tab: 'figures' }],
  faq: ['icerik', { tab: 'faq' }],
  testimonial: ['icerik', { tab: 'testimonials' }],
};

/** objectLink is the back office's screen of an entry's object, or null when the back office has none. */
export function objectLink(lang, { kind, id }, { details = STAFF_DETAILS, sections = STAFF_SECTIONS } = {}) {
  const section = details[DETAIL_OF_KIND[kind]];
  if (section && sections.includes(section)) return staffPath(lang, section, id);
  const [list, filter] = SECTION_OF_KIND[kind] ?? [];
  return list && sections.includes(list) ? staffPath(lang, list) + query(filter ?? {}) : null;
}

/** valueText shows one recorded field's value: money as money, texts as they are, anything else as compact JSON. */
export function valueText(lang, value) {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'string') return value;
  if (typeof value === 'object' && 'amount' in value && 'currency' in value) return moneyText(lang, value);
  const s = typeof value === 'object' ? JSON.stringify(value) : String(value);
  return s.length > 300 ? `${s.slice(0, 299)}…` : s;
}

/** changes are an entry's changed fields, [{ field, before, after }], in the order the service gave them. */
export function changes(entry) {
  const b = entry.before && typeof entry.before === 'object' && !Array.isArray(entry.before) ? entry.before : null;
  const a = entry.after && typeof entry.after === 'object' && !Array.isArray(entry.after) ? entry.after : null;
  if (!b && !a) return [{ field: '', before: entry.before, after: entry.after }];
  const fields = [...new Set([...Object.keys(b ?? {}), ...Object.keys(a ?? {})])];
  return fields.map((field) => ({ field, before: b?.[field] ?? null, after: a?.[field] ?? null }));
}

/** auditFilter reads the screen's filter from the address: ?area= (orders unless another is named), object, actor. */
export function auditFilter(params) {
  const area = params.get('area');
  return { area: AUDIT_AREAS.includes(area) ? area : AUDIT_AREAS[0], object: params.get('object') ?? '', actor: params.get('actor') ?? '' };
}

/** Audit is the audit screen: an area, an object and a staff member to filter by, the entries 50 a page. */
export function Audit() {
  const lang = useLanguage();
  const [params, setParams] = useSearchParams();
  const filter = auditFilter(params);
  const pages = useAuditPages(lang, filter);
  const apply = (values) => setParams(new URLSearchParams(Object.entries({ ...filter, ...values }).filter(([, v]) => v)));
  return (
    <>
      <AuditFilter key={`${filter.area}|${filter.object}|${filter.actor}`} filter={filter} onApply={apply} />
      <AuditList pages={pages} area={filter.area} />
    </>
  );
}

/** AuditFilter is the area choice and the object and staff member fields; onApply({area, object, actor}) moves the address. */
export function AuditFilter({ filter, onApply }) {
  const t = useAuditTexts();
  const id = useId();
  const [object, setObject] = useState(filter.object);
  const [actor, setActor] = useState(filter.actor);
  const [error, setError] = useState('');
  const submit = (e) => {
    e.preventDefault();
    const o = object.trim();
    if (o && !objectFilter(o)) return setError(t('objectInvalid'));
    setError('');
    onApply({ object: o, actor: actor.trim() });
  };
  return (
    <>
      <div className="filters" role="group" aria-label={t('area')}>
        {AUDIT_AREAS.map((a) => (
          <button key={a} type="button" aria-pressed={filter.area === a} onClick={() => onApply({ area: a })} data-area={a}>
            {t(`areas.${a}`)}
          </button>
        ))}
      </div>
      <form role="search" className="staff-search" onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-object`}>{t('object')}</label>
          <input id={`${id}-object`} type="search" maxLength={200} value={object} onChange={(e) => setObject(e.target.value)} aria-invalid={error ? 'true' : undefined} aria-describedby={`${id}-object-hint${error ? ` ${id}-object-error` : ''}`} />
          <p id={`${id}-object-hint`} className="field__hint">{t('objectHint')}</p>
          {error && <p id={`${id}-object-error`} className="field__error">{error}</p>}
        </div>
        <div className="field">
          <label htmlFor={`${id}-actor`}>{t('actor')}</label>
          <input id={`${id}-actor`} type="search" maxLength={64} value={actor} onChange={(e) => setActor(e.target.value)} />
        </div>
        <button type="submit" className="button button--small">{t('filter')}</button>
        {(filter.object || filter.actor) && (
          <button type="button" className="button button--small button--ghost" onClick={() => onApply({ object: '', actor: '' })}>
            {t('clear')}
          </button>
        )}
      </form>
    </>
  );
}

/** AuditList draws the entries of the pages loaded so far (SWR Infinite's answer) with "more" for older ones. */
export function AuditList({ pages, area }) {
  const { data, error, isLoading, isValidating, size, setSize, mutate } = pages;
  const entries = (data ?? []).flatMap((p) => p?.entries ?? []);
  const more = data?.at(-1)?.more;
  return (
    <>
      <ListState loading={isLoading} error={error} empty={!isLoading && !error && entries.length === 0} retry={mutate} />
      {entries.length > 0 && <AuditTable entries={entries} area={area} />}
      <MorePages pages={{ size, setSize, isValidating }} more={more} />
    </>
  );
}

/**
 * AuditTable is the entries: who (linked to all they did in area, when given), when, the action
 * in words, the object (linked to its screen), and each changed field before → after.
 */
export function AuditTable({ entries, links, area }) {
  const lang = useLanguage();
  const byActor = (actor) => (area && actor ? `${staffPath(lang, 'denetim')}${query({ area, actor })}` : null);
  const t = useAuditTexts();
  const words = t('actions');
  return (
    <table className="staff-table staff-audit">
      <thead>
        <tr>
          {['when', 'who', 'action', 'thing', 'changes'].map((k) => (
            <th key={k} scope="col">{t(k)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {entries.map((e) => {
          const to = objectLink(lang, e.object ?? {}, links);
          const name = `${e.object?.kind}:${e.object?.id}`;
          return (
            <tr key={e.id} data-entry-id={e.id}>
              <td data-label={t('when')}>
                <time dateTime={e.at}>{formatMoment(lang, e.at)}</time>
              </td>
              <td data-label={t('who')}>
                {byActor(e.actor?.id) ? <Link to={byActor(e.actor.id)}>{e.actor.name || e.actor.id}</Link> : e.actor?.name || e.actor?.id}
              </td>
              <td data-label={t('action')} data-action={e.action}>
                {words?.[e.action] ?? e.action}
              </td>
              <td data-label={t('thing')} className="staff-mono">
                {to ? <Link to={to}>{name}</Link> : name}
              </td>
              <td data-label={t('changes')}>
                <ul className="staff-changes">
                  {changes(e).map((c) => (
                    <li key={c.field || '-'}>
                      {c.field && <strong>{`${c.field}: `}</strong>}
                      <del>{valueText(lang, c.before)}</del> → <ins>{valueText(lang, c.after)}</ins>
                    </li>
                  ))}
                </ul>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
