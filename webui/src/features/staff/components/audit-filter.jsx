import { useEffect, useId, useState } from 'react';
import useSWR from 'swr';
import { useLanguage } from '../../../lib/language.jsx';
import {
  AUDIT_AREAS,
  AUDIT_KINDS,
  PICKABLE_KINDS,
  SINGLE_OBJECTS,
  objectLabel,
  objectNameKey,
  pickerItems,
  pickerKeys,
  splitObject,
  useStaffMembers,
} from '../api/audit.js';
import { fetcher } from '../../../lib/api-client.js';
import { FRESH } from '../api/staff.js';
import { useAuditTexts } from '../texts-audit.js';

// The lists a kind is picked from are at most three (transfers and payouts: one per status);
// hooks are called a fixed number of times, unused slots with no key.
const LIST_OPTIONS = { ...FRESH, revalidateOnFocus: false };
function useLists(keys) {
  const a = useSWR(keys[0] ?? null, fetcher, LIST_OPTIONS);
  const b = useSWR(keys[1] ?? null, fetcher, LIST_OPTIONS);
  const c = useSWR(keys[2] ?? null, fetcher, LIST_OPTIONS);
  return [a, b, c];
}

/**
 * useObjectName names the object an address's filter picks (an audit link from its screen): an
 * order by number, a customer by name... read alone where its service can, else found in its
 * kind's lists (a transfer or payout by its id, an FAQ item or testimonial among all). '' while
 * unknown.
 */
export function useObjectName(kind, id) {
  const lang = useLanguage();
  const t = useAuditTexts();
  const single = SINGLE_OBJECTS[kind] === id ? t(`singles.${kind}`) : '';
  const oneKey = single ? null : objectNameKey(kind, id, lang);
  const one = useSWR(oneKey, fetcher, { ...FRESH, revalidateOnFocus: false, shouldRetryOnError: false });
  const lists = useLists(!single && !oneKey && kind && id ? pickerKeys(kind, id, lang) : []);
  if (single) return single;
  if (oneKey) return one.data ? objectLabel(kind, one.data, lang) : '';
  const found = pickerItems(kind, lists.map((a) => a.data), '', lang).find((o) => o.id === id);
  return found?.label ?? '';
}

/**
 * ObjectPicker finds one object of kind by what staff know of it (a number, a name, an e-mail)
 * in its screen's list, searched as they type; onPick(id) picks one.
 */
export function ObjectPicker({ kind, onPick }) {
  const lang = useLanguage();
  const t = useAuditTexts();
  const id = useId();
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  // Ask the server once typing pauses, not on every key.
  useEffect(() => {
    const timer = setTimeout(() => setQ(text), 250);
    return () => clearTimeout(timer);
  }, [text]);
  const lists = useLists(pickerKeys(kind, q, lang));
  const loading = lists.some((a) => a.isLoading);
  const items = pickerItems(kind, lists.map((a) => a.data), q, lang);
  return (
    <div className="field audit-picker">
      <label htmlFor={`${id}-q`}>{t('objectSearch')}</label>
      <input id={`${id}-q`} type="search" maxLength={100} value={text} onChange={(e) => setText(e.target.value)} aria-describedby={`${id}-hint`} aria-controls={`${id}-list`} autoComplete="off" />
      <p id={`${id}-hint`} className="field__hint">
        {t('objectSearchHint')}
      </p>
      <ul id={`${id}-list`} className="audit-picker__list" aria-label={t('kinds.' + kind)} aria-busy={loading ? 'true' : undefined}>
        {items.map((o) => (
          <li key={o.id}>
            <button type="button" className="audit-picker__item" data-object-id={o.id} onClick={() => onPick(o.id)}>
              {o.label}
            </button>
          </li>
        ))}
      </ul>
      {!loading && items.length === 0 && <p className="field__hint">{t('objectNone')}</p>}
    </div>
  );
}

/**
 * AuditFilter is the area choice, the staff member (a list of names) and the record (its kind,
 * then one picked from that kind's list); onApply({area, object, actor}) moves the address.
 */
export function AuditFilter({ filter, onApply }) {
  const lang = useLanguage();
  const t = useAuditTexts();
  const id = useId();
  const { members } = useStaffMembers(lang);
  const picked = splitObject(filter.object);
  const kinds = AUDIT_KINDS[filter.area] ?? [];
  // The kind being picked from before an object is: the picked object's, else the staff's choice.
  const [choice, setChoice] = useState({ area: filter.area, kind: '' });
  const kind = picked.kind || (choice.area === filter.area ? choice.kind : '');
  const name = useObjectName(picked.kind, picked.id);
  const staff = members ?? [];
  const actorKnown = !filter.actor || staff.some((m) => m.id === filter.actor);
  const chooseKind = (k) => {
    setChoice({ area: filter.area, kind: k });
    onApply({ object: SINGLE_OBJECTS[k] ? `${k}:${SINGLE_OBJECTS[k]}` : '' });
  };
  return (
    <div className="audit-filter">
      <div className="filters" role="group" aria-label={t('area')}>
        {AUDIT_AREAS.map((a) => (
          <button key={a} type="button" aria-pressed={filter.area === a} onClick={() => onApply({ area: a, object: '' })} data-area={a}>
            {t(`areas.${a}`)}
          </button>
        ))}
      </div>
      <div className="audit-filter__fields">
        <div className="field">
          <label htmlFor={`${id}-actor`}>{t('actor')}</label>
          <select id={`${id}-actor`} name="actor" value={filter.actor} onChange={(e) => onApply({ actor: e.target.value })}>
            <option value="">{t('anyActor')}</option>
            {staff.map((m) => (
              <option key={m.id} value={m.id}>
                {m.name || m.email}
              </option>
            ))}
            {!actorKnown && <option value={filter.actor}>{filter.actor}</option>}
          </select>
        </div>
        <div className="field">
          <label htmlFor={`${id}-kind`}>{t('kind')}</label>
          <select id={`${id}-kind`} name="kind" value={kinds.includes(kind) ? kind : ''} onChange={(e) => chooseKind(e.target.value)}>
            <option value="">{t('anyKind')}</option>
            {kinds.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      {filter.object ? (
        <div className="audit-filter__picked">
          <p>
            <span>{`${t('objectPicked')}: `}</span>
            <strong data-picked={filter.object}>{SINGLE_OBJECTS[picked.kind] && name ? name : `${t(`kinds.${picked.kind}`, { defaultValue: picked.kind })} ${name || picked.id}`}</strong>
          </p>
          {!SINGLE_OBJECTS[picked.kind] && PICKABLE_KINDS.includes(picked.kind) && (
            <button type="button" className="button button--small button--ghost" onClick={() => { setChoice({ area: filter.area, kind: picked.kind }); onApply({ object: '' }); }}>
              {t('objectChange')}
            </button>
          )}
        </div>
      ) : (
        kind && !SINGLE_OBJECTS[kind] && <ObjectPicker key={kind} kind={kind} onPick={(oid) => onApply({ object: `${kind}:${oid}` })} />
      )}
      {(filter.object || filter.actor) && (
        <button type="button" className="button button--small button--ghost audit-filter__clear" onClick={() => { setChoice({ area: filter.area, kind: '' }); onApply({ object: '', actor: '' }); }}>
          {t('clear')}
        </button>
      )}
    </div>
  );
}
