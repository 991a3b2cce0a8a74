import { useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../../components/empty-state.jsx';
import { Skeleton } from '../../../components/skeleton.jsx';
import { errorText, useStaffTexts } from '../texts.js';

/**
 * useListParams keeps a list's filters in the address (?status=…&q=…&sort=…), so the dashboard
 * and other screens can link to a filtered list and the back button returns to it. defaults are
 * the values when the address names none; a value equal to its default is left out of the
 * address. allowed names, for some keys, the only values taken from the address (another is the
 * default), so a mistyped address never asks the server for what it refuses.
 */
export function useListParams(defaults, allowed = {}) {
  const [params, setParams] = useSearchParams();
  const read = (k, d) => {
    const v = params.get(k) ?? d;
    return allowed[k] && !allowed[k].includes(v) ? d : v;
  };
  const values = Object.fromEntries(Object.entries(defaults).map(([k, d]) => [k, read(k, d)]));
  const change = (next) =>
    setParams((prev) => {
      const out = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(next)) {
        if (v === defaults[k] || v === undefined) out.delete(k);
        else out.set(k, v);
      }
      return out;
    });
  return [values, change];
}

/**
 * ListState is a list's (or, with variant detail, a page's) loading, failed (with a retry) or
 * empty state; null when it has rows to show. Loading is a skeleton of rows or of the page
 * (components/skeleton.jsx), empty the shared empty state with the staff's words.
 */
export function ListState({ loading, error, empty, retry, variant = 'list' }) {
  const t = useStaffTexts();
  if (error) {
    return (
      <div role="alert" className="staff-state">
        <p>{error.status ? errorText(t, error) : t('common.loadError')}</p>
        {retry && (
          <button type="button" className="button button--small button--ghost" onClick={() => retry()}>
            {t('common.retry')}
          </button>
        )}
      </div>
    );
  }
  if (loading) return <Skeleton variant={variant} />;
  if (empty) return <EmptyState className="staff-state">{t('common.empty')}</EmptyState>;
  return null;
}

/**
 * SORTS are the orders a staff list can be sorted in (the staff list contract): newest and oldest
 * first for every list, and the lists' own: orders by creation (newest), soonest deadline or
 * oldest; invoices also pending ones due soonest first.
 */
export const SORTS = {
  default: ['newest', 'oldest'],
  orders: ['created', 'deadline', 'oldest'],
  invoices: ['newest', 'oldest', 'due'],
};

/** SortSelect is a list's sort order, one of options (SORTS), worded in the staff texts. */
export function SortSelect({ options = SORTS.default, value, onChange }) {
  const t = useStaffTexts();
  const id = useId();
  return (
    <div className="staff-search staff-sort">
      <label htmlFor={`${id}-sort`}>{t('common.sort')}</label>
      <select id={`${id}-sort`} name="sort" value={value} onChange={(e) => onChange(e.target.value)} data-testid="sort">
        {options.map((s) => (
          <option key={s} value={s}>
            {t(`common.sorts.${s}`)}
          </option>
        ))}
      </select>
    </div>
  );
}

/** StatusFilter is a row of toggle buttons choosing one status ('' for all, when allowAll); label names the group when it is not the status. */
export function StatusFilter({ statuses, value, onChange, texts, allowAll = false, label }) {
  const t = useStaffTexts();
  const options = allowAll ? ['', ...statuses] : statuses;
  return (
    <div className="filters" role="group" aria-label={label ?? t('common.status')}>
      {/* A list with more than one row of choices names each row, or two "All"s read alike. */}
      {label && (
        <span className="filters__label" aria-hidden="true">
          {label}
        </span>
      )}
      {options.map((s) => (
        <button key={s || 'all'} type="button" aria-pressed={value === s} onClick={() => onChange(s)} data-status={s || 'all'}>
          {s ? texts(s) : t('common.all')}
        </button>
      ))}
    </div>
  );
}

/**
 * SearchForm is a list's search box: what is typed is sent (trimmed) on submit only, so the server
 * is asked once per search. value is the search in force.
 */
export function SearchForm({ label, value = '', onSearch, maxLength = 100 }) {
  const t = useStaffTexts();
  const id = useId();
  const [typed, setTyped] = useState(value);
  return (
    <form
      role="search"
      className="staff-search"
      onSubmit={(e) => {
        e.preventDefault();
        onSearch(typed.trim());
      }}
    >
      <label htmlFor={`${id}-q`}>{label}</label>
      <input id={`${id}-q`} type="search" maxLength={maxLength} value={typed} onChange={(e) => setTyped(e.target.value)} />
      <button type="submit" className="button button--small">
        {t('common.search')}
      </button>
    </form>
  );
}

/** MorePages is the button loading a list's next page (SWR Infinite's pages), while there is one. */
export function MorePages({ pages: { size, setSize, isValidating }, more, testid }) {
  const t = useStaffTexts();
  if (!more) return null;
  return (
    <button type="button" className="button button--ghost" disabled={isValidating} onClick={() => setSize(size + 1)} data-testid={testid}>
      {isValidating ? t('common.loading') : t('common.more')}
    </button>
  );
}
