import { useEffect, useId, useMemo, useState } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { useCommonTexts } from '../../../lib/i18n.js';
import { CENTI_CENTS } from '../api/prices.js';
import { X_PER_CENTI_CENT, bulkChange, diffRows, filterRows, pairRows, parsePercent, percentText, rateText, removePairRate, setPairRate, sortRows } from '../price-list.js';
import { usePricesTexts } from '../texts-prices.js';
import { FigureInput } from './figure-input.jsx';
import { AddPair } from './price-add-pair.jsx';
import { DataTable } from '../../../components/data-table.jsx';
import { formatNumber } from '../../../lib/format.js';

const PAGE = 50;
export const NO_FILTER = { q: '', service: '', source: '', target: '', kind: '' };

/** LanguageLabel is a language's name in the page's language with its code, small. */
export function LanguageLabel({ code, name }) {
  return (
    <span className="price-lang">
      {name(code)} <small className="price-code">{code}</small>
    </span>
  );
}

/**
 * PairRates is the price list's table of rates by service and language pair: searched and
 * filtered (filter, kept by the editor), shown a page at a time, each rate edited in place; a
 * pair given its own rate; the rows the filter shows changed by a percentage after a preview.
 * list is the draft, onChange(next) replaces it; invalid/setInvalid are the figures typed wrong;
 * errors the server's refusals by row key.
 */
export function PairRates({ list, onChange, filter, setFilter, name, languages, invalid, setInvalid, errors, onNotice }) {
  const lang = useLanguage();
  const t = usePricesTexts();
  const common = useCommonTexts();
  const id = useId();
  const [limit, setLimit] = useState(PAGE);
  const serviceName = (s) => common(`nav.serviceNames.${s}`, { defaultValue: s });
  const unitName = (service) => t(`units.${list.services.find((s) => s.service === service)?.unit ?? 'word'}`);
  const all = useMemo(() => pairRows(list), [list]);
  const rows = useMemo(() => sortRows(filterRows(all, filter, name, lang), list.services, name, lang), [all, filter, name, lang, list.services]);
  const codes = useMemo(() => Object.keys(list.languageTiers).sort((a, b) => name(a).localeCompare(name(b), lang)), [list.languageTiers, name, lang]);
  const set = (k, v) => {
    setFilter({ ...filter, [k]: v });
    setLimit(PAGE);
  };
  const select = (k, label, options) => (
    <div className="field">
      <label htmlFor={`${id}-${k}`}>{label}</label>
      <select id={`${id}-${k}`} value={filter[k]} onChange={(e) => set(k, e.target.value)} data-filter={k}>
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
  const languageOptions = [['', t('anyLanguage')], ...codes.map((c) => [c, `${name(c)} (${c})`])];
  return (
    <section aria-labelledby={`${id}-title`} data-testid="price-pairs">
      <h2 id={`${id}-title`} className="visually-hidden">
        {t('tabs.pairs')}
      </h2>
      <p className="price-lead">{t('pairsLead')}</p>
      <div className="price-filters" role="search">
        <div className="field price-filters__search">
          <label htmlFor={`${id}-q`}>{t('search')}</label>
          <input id={`${id}-q`} type="search" value={filter.q} maxLength={60} onChange={(e) => set('q', e.target.value)} data-filter="q" />
        </div>
        {select('service', t('service'), [['', t('allServices')], ...list.services.map((s) => [s.service, serviceName(s.service)])])}
        {select('source', t('source'), languageOptions)}
        {select('target', t('target'), languageOptions)}
        {select('kind', t('kind'), [['', t('kinds.all')], ['own', t('kinds.own')], ['tier', t('kinds.tier')]])}
      </div>
      <div className="price-toolbar">
        <p className="price-count" aria-live="polite" data-testid="price-count" data-count={rows.length}>
          {t('matching', { count: rows.length, n: formatNumber(lang, rows.length) })}
        </p>
        <button type="button" className="button button--small button--ghost" onClick={() => setFilter(NO_FILTER)} disabled={Object.values(filter).every((v) => !v)}>
          {t('clearFilters')}
        </button>
      </div>
      <div className="price-tools">
        <BulkChange list={list} rows={rows} onApply={(next, count) => { onChange(next); onNotice(t('applied', { count })); }} name={name} serviceName={serviceName} />
        <AddPair
          list={list}
          languages={languages}
          name={name}
          serviceName={serviceName}
          onAdd={(pair, rate) => {
            onChange(setPairRate(list, pair, rate));
            setFilter({ ...NO_FILTER, service: pair.service, source: pair.source, target: pair.target });
          }}
        />
      </div>
      {rows.length === 0 ? (
        <p className="staff-state">{t('none')}</p>
      ) : (
        <div className="price-scroll">
          <DataTable rows="boxed" className="rate-table rate-table--grid">
            <thead>
              <tr>
                <th scope="col">{t('service')}</th>
                <th scope="col">{t('pair')}</th>
                <th scope="col">{t('rate')}</th>
                <th scope="col">{t('basis')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('removeOwn')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.slice(0, limit).map((r) => {
                const err = errors[r.key] || (invalid.has(r.key) ? t('errors.rate') : '');
                const pairText = { service: serviceName(r.service), source: name(r.source), target: name(r.target), unit: unitName(r.service) };
                return (
                  <tr key={r.key} data-pair={r.key} data-own={r.own || undefined}>
                    <td data-label={t('service')} className="price-wide">
                      {serviceName(r.service)}
                    </td>
                    <td data-label={t('pair')} className="price-wide">
                      <LanguageLabel code={r.source} name={name} /> <span aria-hidden="true">→</span>
                      <span className="visually-hidden">{t('pairTo')}</span> <LanguageLabel code={r.target} name={name} />
                    </td>
                    <td data-label={t('rate')}>
                      <span className="price-rate">
                        <FigureInput
                          value={r.own ? r.x / X_PER_CENTI_CENT : null}
                          shown={r.own ? undefined : rateText(r.x, lang).replace(/[$\s]/g, '')}
                          digits={CENTI_CENTS}
                          positive
                          label={t('rateOf', pairText)}
                          field={`pair:${r.key}`}
                          error={err}
                          describedBy={err ? `${id}-${r.key}-err` : undefined}
                          onInvalid={(bad) => setInvalid(r.key, bad)}
                          onCommit={(v) => onChange(setPairRate(list, r, v))}
                        />
                        <span className="price-unit">$ {t('perUnitShort', { unit: unitName(r.service) })}</span>
                      </span>
                      {err && (
                        <p id={`${id}-${r.key}-err`} className="field__error">
                          {err}
                        </p>
                      )}
                    </td>
                    <td data-label={t('basis')}>
                      <span className={`price-basis${r.own ? ' price-basis--own' : ''}`}>{r.own ? t('ownRate') : t('tierRate', { tier: r.tier })}</span>
                    </td>
                    <td>
                      {r.own && (
                        <button type="button" className="button button--small button--ghost" aria-label={t('removeOwnOf', pairText)} onClick={() => onChange(removePairRate(list, r))} data-action="remove-own">
                          {t('removeOwn')}
                        </button>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </DataTable>
        </div>
      )}
      {rows.length > limit && (
        <button type="button" className="button button--ghost" onClick={() => setLimit(limit + PAGE)} data-action="more">
          {t('more', { count: Math.min(PAGE, rows.length - limit) })}
        </button>
      )}
    </section>
  );
}

/**
 * BulkChange changes the rows shown by a percentage: typed, previewed (each row before → after,
 * the count, a service's base rate where all of its pairs are shown, the rounding rule), and only
 * then applied to the draft; nothing is saved here.
 */
export function BulkChange({ list, rows, onApply, name, serviceName, initial = '' }) {
  const lang = useLanguage();
  const t = usePricesTexts();
  const id = useId();
  const [typed, setTyped] = useState(initial);
  const [error, setError] = useState('');
  const [preview, setPreview] = useState(null);
  const [limit, setLimit] = useState(PAGE);
  // A preview is of the rows and the draft it was made from: another filter or edit drops it.
  useEffect(() => setPreview(null), [rows, list]);
  const show = (e) => {
    e.preventDefault();
    const percent = parsePercent(typed);
    if (percent === null || rows.length === 0) {
      setError(t('errors.percent'));
      setPreview(null);
      return;
    }
    const out = bulkChange(list, rows, percent);
    if (out.error) {
      setError(t(`errors.${out.error}`));
      setPreview(null);
      return;
    }
    setError('');
    setLimit(PAGE);
    const changes = sortRows(diffRows(list, out.list).map((c) => ({ ...c.row, before: c.before, after: c.after })), list.services, name, lang);
    const bases = out.list.services.map((s, i) => [s, list.services[i]]).filter(([s, was]) => s.baseRate !== was.baseRate);
    setPreview({ percent, list: out.list, changes, bases });
  };
  return (
    <div className="price-bulk">
      <form onSubmit={show} noValidate className="price-bulk__form" aria-labelledby={`${id}-title`}>
        <p id={`${id}-title`} className="price-bulk__title">
          {t('bulk')}
        </p>
        <p id={`${id}-lead`} className="field__hint">
          {t('bulkLead', { count: rows.length, n: formatNumber(lang, rows.length) })}
        </p>
        <div className="price-bulk__row">
          <div className="field">
            <label htmlFor={`${id}-percent`}>{t('percent')}</label>
            <input
              id={`${id}-percent`}
              type="text"
              inputMode="decimal"
              autoComplete="off"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              aria-invalid={error ? 'true' : undefined}
              aria-describedby={`${id}-lead${error ? ` ${id}-error` : ''}`}
              data-field="percent"
            />
          </div>
          <button type="submit" className="button button--small" data-action="preview">
            {t('preview')}
          </button>
        </div>
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            {error}
          </p>
        )}
      </form>
      {preview && (
        <section className="price-preview" aria-labelledby={`${id}-preview`} data-testid="price-preview" data-count={preview.changes.length}>
          <h3 id={`${id}-preview`}>{t('previewTitle', { percent: percentText(preview.percent, lang) })}</h3>
          <p>
            <strong>{t('previewCount', { count: preview.changes.length })}</strong> {t('rounding')}
          </p>
          {preview.bases.length > 0 && (
            <ul className="price-preview__bases">
              {preview.bases.map(([s, was]) => (
                <li key={s.service}>
                  {t('previewBase', { service: serviceName(s.service), before: rateText(was.baseRate * X_PER_CENTI_CENT, lang), after: rateText(s.baseRate * X_PER_CENTI_CENT, lang) })}
                </li>
              ))}
            </ul>
          )}
          <div className="price-scroll price-scroll--short">
            <DataTable rows="boxed" className="rate-table">
              <thead>
                <tr>
                  <th scope="col">{t('service')}</th>
                  <th scope="col">{t('pair')}</th>
                  <th scope="col">{t('before')}</th>
                  <th scope="col">{t('after')}</th>
                </tr>
              </thead>
              <tbody>
                {preview.changes.slice(0, limit).map((c) => (
                  <tr key={c.key} data-pair={c.key}>
                    <td data-label={t('service')}>{serviceName(c.service)}</td>
                    <td data-label={t('pair')}>
                      <LanguageLabel code={c.source} name={name} /> → <LanguageLabel code={c.target} name={name} />
                    </td>
                    <td data-label={t('before')} data-before={c.before}>
                      <del>{c.before === null ? '–' : rateText(c.before, lang)}</del>
                    </td>
                    <td data-label={t('after')} data-after={c.after}>
                      <ins>{c.after === null ? '–' : rateText(c.after, lang)}</ins>
                    </td>
                  </tr>
                ))}
              </tbody>
            </DataTable>
          </div>
          {preview.changes.length > limit && (
            <button type="button" className="button button--small button--ghost" onClick={() => setLimit(limit + PAGE)}>
              {t('more', { count: Math.min(PAGE, preview.changes.length - limit) })}
            </button>
          )}
          <div className="staff-actions">
            <button
              type="button"
              className="button button--small"
              data-action="apply"
              onClick={() => {
                onApply(preview.list, preview.changes.length);
                setPreview(null);
                setTyped('');
              }}
            >
              {t('apply')}
            </button>
            <button type="button" className="button button--small button--ghost" onClick={() => setPreview(null)} data-action="cancel-preview">
              {t('cancel')}
            </button>
          </div>
        </section>
      )}
    </div>
  );
}
