import { useId, useState } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { useCommonTexts } from '../../../lib/i18n.js';
import { BASIS_POINTS, CENTI_CENTS, CENTS, UNITS, URGENCIES } from '../api/prices.js';
import { removeLanguage } from '../price-list.js';
import { usePricesTexts } from '../texts-prices.js';
import { FigureInput } from './figure-input.jsx';
import { LanguageLabel } from './price-pairs.jsx';
import { DataTable } from '../../../components/data-table.jsx';

// The parts of the price list besides its pairs, each a compact table: the services' rates, the
// languages with their tiers, and delivery and add-ons. Each takes the draft (list), onChange,
// the figures typed wrong (invalid, setInvalid by the server's field names) and the server's
// refusals (errors, by the same names).

/** useFigure is a labelled FigureInput bound to the draft by the server's field name key. */
function useFigure({ invalid, setInvalid, errors }) {
  const t = usePricesTexts();
  const id = useId();
  // A render helper, not a component: it is called, never mounted.
  return (key, label, value, digits, commit, opts = {}) => {
    const err = errors[key] || (invalid.has(key) ? t('errors.number') : '');
    return (
      <>
        <FigureInput id={`${id}-${key}`} label={label} value={value} digits={digits} field={key} error={err} describedBy={err ? `${id}-${key}-err` : undefined} onInvalid={(bad) => setInvalid(key, bad)} onCommit={commit} {...opts} />
        {err && (
          <p id={`${id}-${key}-err`} className="field__error">
            {err}
          </p>
        )}
      </>
    );
  };
}

/** edit is fn applied to a copy of list. */
const edit = (list, onChange, fn) => {
  const next = structuredClone(list);
  fn(next);
  onChange(next);
};

/** ServiceRates are the services' units, tier-1 rates, minimums and translators' rates. */
export function ServiceRates(props) {
  const { list, onChange, errors } = props;
  const t = usePricesTexts();
  const common = useCommonTexts();
  const figure = useFigure(props);
  const serviceName = (s) => common(`nav.serviceNames.${s}`, { defaultValue: s });
  return (
    <section data-testid="price-services">
      <p className="price-lead">{t('servicesLead')}</p>
      <div>
        <DataTable rows="boxed" className="rate-table rate-table--grid">
          <thead>
            <tr>
              <th scope="col">{t('service')}</th>
              <th scope="col">{t('unit')}</th>
              <th scope="col">{t('baseRate')}</th>
              <th scope="col">{t('minimum')}</th>
              <th scope="col">{`${t('translatorRate')} (${t('optional')})`}</th>
            </tr>
          </thead>
          <tbody>
            {list.services.map((s, i) => {
              const named = (label) => `${serviceName(s.service)}: ${label}`;
              const up = (fn) => edit(list, onChange, (l) => fn(l.services[i]));
              return (
                <tr key={s.service} data-service={s.service}>
                  <th scope="row" data-label={t('service')}>
                    {serviceName(s.service)}
                    {errors[`services.${i}.service`] && <p className="field__error">{errors[`services.${i}.service`]}</p>}
                  </th>
                  <td data-label={t('unit')}>
                    <select aria-label={named(t('unit'))} value={s.unit} onChange={(e) => up((x) => { x.unit = e.target.value; })} data-field={`services.${i}.unit`}>
                      {UNITS.map((u) => (
                        <option key={u} value={u}>
                          {t(`units.${u}`)}
                        </option>
                      ))}
                    </select>
                  </td>
                  <td data-label={t('baseRate')}>{figure(`services.${i}.baseRate`, named(t('baseRate')), s.baseRate, CENTI_CENTS, (v) => up((x) => { x.baseRate = v; }), { positive: true })}</td>
                  <td data-label={t('minimum')}>{figure(`services.${i}.minimum`, named(t('minimum')), s.minimum ?? 0, CENTS, (v) => up((x) => { x.minimum = v; }))}</td>
                  <td data-label={t('translatorRate')}>
                    {figure(`services.${i}.translatorRate`, named(t('translatorRate')), s.translatorRate ?? 0, CENTI_CENTS, (v) => up((x) => { if (v) x.translatorRate = v; else delete x.translatorRate; }), { optional: true })}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </DataTable>
      </div>
      <p className="field__hint">{t('translatorRateHint')}</p>
    </section>
  );
}

/** LanguageTiers are the tiers' multipliers and the priced languages, each with its tier; languages are added from the catalogue's list. */
export function LanguageTiers(props) {
  const { list, onChange, errors, name, languages } = props;
  const lang = useLanguage();
  const t = usePricesTexts();
  const id = useId();
  const figure = useFigure(props);
  const [q, setQ] = useState('');
  const [adding, setAdding] = useState({ code: '', tier: '1' });
  const tiers = Object.keys(list.tierMultipliers).sort((a, b) => Number(a) - Number(b));
  const own = (code) => (list.pairRates ?? []).filter((p) => p.source === code || p.target === code).length;
  const fold = (s) => s.toLocaleLowerCase(lang === 'en' ? 'en-US' : 'tr-TR');
  const codes = Object.keys(list.languageTiers)
    .filter((c) => fold(`${c} ${name(c)}`).includes(fold(q.trim())))
    .sort((a, b) => name(a).localeCompare(name(b), lang));
  const unpriced = (languages ?? []).filter((l) => !(l.code in list.languageTiers)).sort((a, b) => name(a.code).localeCompare(name(b.code), lang));
  return (
    <section data-testid="price-languages">
      <p className="price-lead">{t('tiersLead')}</p>
      <div className="price-tiers">
        {tiers.map((tier) => (
          <div className="field" key={tier}>
            <label htmlFor={`${id}-m${tier}`}>{`${t('tierN', { tier })} – ${t('multiplier')}`}</label>
            {figure(`tierMultipliers.${tier}`, undefined, list.tierMultipliers[tier], BASIS_POINTS, (v) => edit(list, onChange, (l) => { l.tierMultipliers[tier] = v; }), { positive: true, id: `${id}-m${tier}`, width: '6rem' })}
          </div>
        ))}
      </div>
      {errors.languageTiers && <p className="field__error">{errors.languageTiers}</p>}
      <div className="price-filters">
        <div className="field price-filters__search">
          <label htmlFor={`${id}-q`}>{t('searchLanguages')}</label>
          <input id={`${id}-q`} type="search" value={q} maxLength={60} onChange={(e) => setQ(e.target.value)} />
        </div>
        <form
          className="price-add-language"
          aria-labelledby={`${id}-add`}
          onSubmit={(e) => {
            e.preventDefault();
            if (!adding.code) return;
            edit(list, onChange, (l) => { l.languageTiers[adding.code] = Number(adding.tier); });
            setAdding({ code: '', tier: adding.tier });
          }}
        >
          <p id={`${id}-add`} className="visually-hidden">
            {t('addLanguageTitle')}
          </p>
          <div className="field">
            <label htmlFor={`${id}-new`}>{t('addLanguageTitle')}</label>
            <select id={`${id}-new`} value={adding.code} onChange={(e) => setAdding({ ...adding, code: e.target.value })} data-field="new-language">
              <option value="">{t('choose')}</option>
              {unpriced.map((l) => (
                <option key={l.code} value={l.code}>{`${name(l.code)} (${l.code})`}</option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`${id}-new-tier`}>{t('tier')}</label>
            <select id={`${id}-new-tier`} value={adding.tier} onChange={(e) => setAdding({ ...adding, tier: e.target.value })}>
              {tiers.map((tier) => (
                <option key={tier} value={tier}>{t('tierN', { tier })}</option>
              ))}
            </select>
          </div>
          <button type="submit" className="button button--small" disabled={!adding.code} data-action="add-language">
            {t('add')}
          </button>
        </form>
      </div>
      <div className="price-scroll price-scroll--short">
        <DataTable rows="boxed" className="rate-table">
          <thead>
            <tr>
              <th scope="col">{t('language')}</th>
              <th scope="col">{t('tier')}</th>
              <th scope="col">{t('ownCount')}</th>
              <th scope="col">
                <span className="visually-hidden">{t('remove')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {codes.map((code) => (
              <tr key={code} data-language={code}>
                <th scope="row" data-label={t('language')}>
                  <LanguageLabel code={code} name={name} />
                  {errors[`languageTiers.${code}`] && <p className="field__error">{errors[`languageTiers.${code}`]}</p>}
                </th>
                <td data-label={t('tier')}>
                  <select aria-label={`${name(code)}: ${t('tier')}`} value={String(list.languageTiers[code])} onChange={(e) => edit(list, onChange, (l) => { l.languageTiers[code] = Number(e.target.value); })}>
                    {tiers.map((tier) => (
                      <option key={tier} value={tier}>{t('tierN', { tier })}</option>
                    ))}
                  </select>
                </td>
                <td data-label={t('ownCount')}>{own(code)}</td>
                <td>
                  <button type="button" className="button button--small button--ghost" aria-label={`${t('remove')}: ${name(code)}`} onClick={() => onChange(removeLanguage(list, code))}>
                    {t('remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </div>
    </section>
  );
}

/** DeliveryAndAddOns are the urgencies (multiplier and window) and the add-ons. */
export function DeliveryAndAddOns(props) {
  const { list, onChange, errors } = props;
  const lang = useLanguage();
  const t = usePricesTexts();
  const common = useCommonTexts();
  const id = useId();
  const figure = useFigure(props);
  const serviceName = (s) => common(`nav.serviceNames.${s}`, { defaultValue: s });
  const days = (u, k) => (
    <input
      type="number"
      min="1"
      max="60"
      aria-label={`${t(`urgency.${u}`)}: ${t(k)}`}
      value={list.urgencies[u]?.window?.[k] ?? ''}
      onChange={(e) => edit(list, onChange, (l) => { l.urgencies[u].window[k] = Math.trunc(Number(e.target.value)) || 0; })}
      className="price-figure"
      style={{ maxWidth: '5rem' }}
    />
  );
  return (
    <section data-testid="price-delivery">
      <DataTable rows="boxed" className="rate-table">
        <thead>
          <tr>
            <th scope="col">{t('urgencyCol')}</th>
            <th scope="col">{t('multiplier')}</th>
            <th scope="col">{t('minDays')}</th>
            <th scope="col">{t('maxDays')}</th>
          </tr>
        </thead>
        <tbody>
          {URGENCIES.map((u) => (
            <tr key={u} data-urgency={u}>
              <th scope="row" data-label={t('urgencyCol')}>
                {t(`urgency.${u}`)}
                {errors[`urgencies.${u}`] && <p className="field__error">{errors[`urgencies.${u}`]}</p>}
              </th>
              <td data-label={t('multiplier')}>{figure(`urgencies.${u}.multiplier`, `${t(`urgency.${u}`)}: ${t('multiplier')}`, list.urgencies[u]?.multiplier, BASIS_POINTS, (v) => edit(list, onChange, (l) => { l.urgencies[u].multiplier = v; }), { positive: true, width: '6rem' })}</td>
              <td data-label={t('minDays')}>{days(u, 'minDays')}</td>
              <td data-label={t('maxDays')}>{days(u, 'maxDays')}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
      <h3>{t('addOns')}</h3>
      <div className="price-addons">
        {list.addOns.map((a, i) => {
          const up = (fn) => edit(list, onChange, (l) => fn(l.addOns[i]));
          const title = (lang === 'en' ? a.name?.en : a.name?.tr) || a.id || t('addOn');
          const perTarget = 'perTarget' in a;
          return (
            <fieldset key={i} className="price-addon" data-add-on={a.id}>
              <legend>{title}</legend>
              {errors[`addOns.${i}`] && <p className="field__error">{errors[`addOns.${i}`]}</p>}
              <div className="price-addon__fields">
                {[['addOnId', 'id'], ['nameTr', 'tr'], ['nameEn', 'en']].map(([label, k]) => (
                  <div className="field" key={k}>
                    <label htmlFor={`${id}-${i}-${k}`}>{t(label)}</label>
                    <input
                      id={`${id}-${i}-${k}`}
                      type="text"
                      maxLength={80}
                      value={k === 'id' ? a.id : (a.name?.[k] ?? '')}
                      onChange={(e) => up((x) => { if (k === 'id') x.id = e.target.value.trim(); else x.name = { ...x.name, [k]: e.target.value }; })}
                    />
                  </div>
                ))}
                <div className="field">
                  <label htmlFor={`${id}-${i}-per`}>{t('per')}</label>
                  <select
                    id={`${id}-${i}-per`}
                    value={perTarget ? 'target' : 'unit'}
                    onChange={(e) => up((x) => {
                      const amount = x.perTarget || x.perUnit || 0;
                      delete x.perTarget;
                      delete x.perUnit;
                      delete x.translatorPerUnit;
                      x[e.target.value === 'target' ? 'perTarget' : 'perUnit'] = amount;
                    })}
                  >
                    <option value="unit">{t('perUnit')}</option>
                    <option value="target">{t('perTarget')}</option>
                  </select>
                </div>
                <div className="field">
                  <label htmlFor={`${id}-${i}-amount`}>{t('amount')}</label>
                  {perTarget
                    ? figure(`addOns.${i}.amount`, undefined, a.perTarget ?? 0, CENTS, (v) => up((x) => { x.perTarget = v; }), { id: `${id}-${i}-amount`, positive: true })
                    : figure(`addOns.${i}.amount`, undefined, a.perUnit ?? 0, CENTI_CENTS, (v) => up((x) => { x.perUnit = v; }), { id: `${id}-${i}-amount`, positive: true })}
                </div>
                {!perTarget && (
                  <div className="field">
                    <label htmlFor={`${id}-${i}-tpu`}>{`${t('translatorPerUnit')} (${t('optional')})`}</label>
                    {figure(`addOns.${i}.translatorPerUnit`, undefined, a.translatorPerUnit ?? 0, CENTI_CENTS, (v) => up((x) => { if (v) x.translatorPerUnit = v; else delete x.translatorPerUnit; }), { id: `${id}-${i}-tpu`, optional: true })}
                  </div>
                )}
              </div>
              <fieldset className="staff-checks">
                <legend>{t('appliesTo')}</legend>
                {list.services.map((s) => (
                  <label key={s.service}>
                    <input
                      type="checkbox"
                      checked={(a.services ?? []).includes(s.service)}
                      onChange={(e) => up((x) => {
                        const now = (x.services ?? []).filter((v) => v !== s.service);
                        x.services = e.target.checked ? [...now, s.service] : now;
                        if (!x.services.length) delete x.services;
                      })}
                    />{' '}
                    {serviceName(s.service)}
                  </label>
                ))}
              </fieldset>
              <button type="button" className="button button--small button--ghost" onClick={() => edit(list, onChange, (l) => { l.addOns.splice(i, 1); })}>
                {t('remove')}
              </button>
            </fieldset>
          );
        })}
      </div>
      <button type="button" className="button button--small button--ghost" onClick={() => edit(list, onChange, (l) => { l.addOns.push({ id: '', name: { tr: '', en: '' }, perUnit: 0 }); })}>
        {t('addAddOn')}
      </button>
    </section>
  );
}
