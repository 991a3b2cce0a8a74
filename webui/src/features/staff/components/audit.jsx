import { Link, useSearchParams } from 'react-router-dom';
import { STAFF_DETAILS, STAFF_SECTIONS, staffPath } from '../../../config/paths.js';
import { useLanguageName } from '../../../lib/api/get-languages.js';
import { usePrices } from '../../../lib/api/use-prices.js';
import { formatMoment } from '../../../lib/format.js';
import { plainKey, textsIn, useCommonTexts } from '../../../lib/i18n.js';
import { useLanguage } from '../../../lib/language.jsx';
import { historyLine } from '../../../lib/order-status.js';
import { AUDIT_AREAS, objectFilter, splitObject, useAuditPages, useStaffNames } from '../api/audit.js';
import { useUserNames } from '../api/customers.js';
import { query } from '../api/staff.js';
import { entryLines } from '../audit-words.js';
import { AUDIT_NS, useAuditTexts } from '../texts-audit.js';
import { AuditFilter, useObjectName } from './audit-filter.jsx';
import { ListState, MorePages } from './list-state.jsx';
import '../audit.css';

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
  chat_conversation: ['canli-destek'],
};

/** objectLink is the back office's screen of an entry's object, or null when the back office has none. */
export function objectLink(lang, { kind, id }, { details = STAFF_DETAILS, sections = STAFF_SECTIONS } = {}) {
  const section = details[DETAIL_OF_KIND[kind]];
  if (section && sections.includes(section)) return staffPath(lang, section, id);
  const [list, filter] = SECTION_OF_KIND[kind] ?? [];
  return list && sections.includes(list) ? staffPath(lang, list) + query(filter ?? {}) : null;
}

/** auditFilter reads the screen's filter from the address: ?area= (orders unless another is named), object, actor. */
export function auditFilter(params) {
  const area = params.get('area');
  return { area: AUDIT_AREAS.includes(area) ? area : AUDIT_AREAS[0], object: objectFilter(params.get('object')), actor: (params.get('actor') ?? '').trim() };
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
      <AuditFilter filter={filter} onApply={apply} />
      <AuditList pages={pages} area={filter.area} object={filter.object} />
    </>
  );
}

/** AuditList draws the entries of the pages loaded so far (SWR Infinite's answer) with "more" for older ones. */
export function AuditList({ pages, area, object }) {
  const { data, error, isLoading, isValidating, size, setSize, mutate } = pages;
  const entries = (data ?? []).flatMap((p) => p?.entries ?? []);
  const more = data?.at(-1)?.more;
  return (
    <>
      <ListState loading={isLoading} error={error} empty={!isLoading && !error && entries.length === 0} retry={mutate} />
      {entries.length > 0 && <AuditEntries entries={entries} area={area} object={object} />}
      <MorePages pages={{ size, setSize, isValidating }} more={more} />
    </>
  );
}

/**
 * useWords is what turns entries into lines in the page's language: the texts, the names of
 * services (the site's), languages (the catalogue's), people (staff from svc-auth's staff list,
 * anyone else named by id in the entries from admin/users) and the price list's tiers.
 */
export function useWords(entries) {
  const lang = useLanguage();
  const common = useCommonTexts();
  const langName = useLanguageName();
  const staffOf = useStaffNames(lang);
  const ids = [];
  for (const e of entries) {
    for (const side of [e.before, e.after]) {
      for (const f of ['translatorId', 'previousTranslatorId', 'decidedBy', 'closedBy', 'handledBy', 'customerId']) {
        if (side && typeof side[f] === 'string') ids.push(side[f]);
      }
    }
  }
  const others = useUserNames(ids, lang);
  const { data: prices } = usePrices();
  return {
    lang,
    t: textsIn(lang, AUDIT_NS),
    serviceName: (id) => {
      const n = common(`nav.serviceNames.${id}`);
      return typeof n === 'string' && !n.startsWith('nav.') ? n : id;
    },
    langName,
    userName: (id) => staffOf(id) || others(id),
    historyText: (h) => historyLine(lang, 'staff', h),
    tiers: prices?.languageTiers,
    services: prices?.services,
    staffName: (actor) => staffOf(actor?.id) || actor?.name || actor?.id || '',
  };
}

/**
 * AuditEntries is the entries as cards: the action in words and the object (named, linked to
 * its screen), who (by name, linked to all they did in the area) and when, then the change in
 * words, one line per changed figure or field.
 */
export function AuditEntries({ entries, links, area, object }) {
  const t = useAuditTexts();
  const ctx = useWords(entries);
  const { lang } = ctx;
  // Action names hold dots (price_list.update), which i18next reads as paths: looked up in the map.
  const actions = t('actions');
  const picked = splitObject(object);
  const pickedName = useObjectName(picked.kind, picked.id);
  const byActor = (id) => (area && id ? `${staffPath(lang, 'denetim')}${query({ area, actor: id })}` : null);
  return (
    <ol className="audit-entries">
      {entries.map((e) => {
        const kind = e.object?.kind ?? '';
        const to = objectLink(lang, e.object ?? {}, links);
        const shown = kind === picked.kind && e.object?.id === picked.id && pickedName ? pickedName : e.object?.id;
        const name = t(`singles.${plainKey(kind)}`, { defaultValue: `${t(`kinds.${plainKey(kind)}`, { defaultValue: kind })}${shown ? ` ${shown}` : ''}` });
        const who = ctx.staffName(e.actor);
        const lines = entryLines(e, ctx);
        return (
          <li key={e.id} className="audit-entry" data-entry-id={e.id}>
            <div className="audit-entry__head">
              <p className="audit-entry__what">
                <strong data-action={e.action}>{actions[e.action] ?? e.action}</strong>
                <span className="audit-entry__object" data-object={`${kind}:${e.object?.id ?? ''}`}>
                  {to ? <Link to={to}>{name}</Link> : name}
                </span>
              </p>
              <p className="audit-entry__meta">
                <span className="visually-hidden">{`${t('who')}: `}</span>
                {byActor(e.actor?.id) ? (
                  <Link to={byActor(e.actor.id)} data-actor={e.actor.id} title={t('allBy', { name: who })}>
                    {who}
                  </Link>
                ) : (
                  <span data-actor={e.actor?.id}>{who}</span>
                )}
                <span aria-hidden="true"> · </span>
                <span className="visually-hidden">{`${t('when')}: `}</span>
                <time dateTime={e.at}>{formatMoment(lang, e.at)}</time>
              </p>
            </div>
            {lines.length > 0 ? (
              <ul className="audit-entry__changes" aria-label={t('changes')}>
                {lines.map((l) => (
                  <li key={l.key} data-line={l.key}>
                    <span className="audit-entry__label">{`${l.label}: `}</span>
                    {l.text !== undefined ? (
                      <span>{l.text}</span>
                    ) : (
                      <>
                        <del>{l.before}</del>
                        <span aria-hidden="true"> → </span>
                        <ins>{l.after}</ins>
                      </>
                    )}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="audit-entry__none">{t('noChange')}</p>
            )}
          </li>
        );
      })}
    </ol>
  );
}
