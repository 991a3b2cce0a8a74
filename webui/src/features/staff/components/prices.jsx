import { useId, useState } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { useTexts } from '../../../lib/i18n.js';
import { Link } from 'react-router';
import { auditPath } from '../api/audit.js';
import { fromForm, savePrices, toForm, UNITS, URGENCIES, useStaffPrices } from '../api/prices.js';
import { errorText, useStaffTexts } from '../texts.js';
import { usePricesTexts } from '../texts-prices.js';
import { useRequestOnce } from './actions.jsx';
import { ListState } from './list-state.jsx';
import '../staff-editors.css';

/** shownFields are the field names (the server's) the editor shows a refusal beside, for form. */
export function shownFields(form) {
  const keys = ['services', 'languageTiers'];
  form.services.forEach((_, i) => keys.push(...['service', 'unit', 'baseRate', 'minimum', 'translatorRate'].map((f) => `services.${i}.${f}`)));
  form.tiers.forEach((tier) => keys.push(`tierMultipliers.${tier.tier}`));
  form.languages.forEach((l) => keys.push(`languageTiers.${l.code.trim().toLowerCase() || '?'}`));
  URGENCIES.forEach((u) => keys.push(`urgencies.${u}`));
  form.addOns.forEach((_, i) => keys.push(`addOns.${i}`));
  return new Set(keys);
}

/** PriceList loads the price list (with the translators' rates staff see) and edits it. */
export function PriceList() {
  const lang = useLanguage();
  const t = usePricesTexts();
  const { data, error, isLoading, mutate } = useStaffPrices(lang);
  const [saved, setSaved] = useState(0);
  const history = auditPath(lang, 'orders', 'price_list', 'current');
  return (
    <>
      <ListState loading={isLoading} error={error} retry={mutate} />
      {history && (
        <p>
          <Link to={history}>{t('history')}</Link>
        </p>
      )}
      {saved > 0 && <p role="status">{t('saved')}</p>}
      {data && (
        <PriceEditor
          key={saved}
          list={data}
          onSaved={(list) => {
            mutate(list, { revalidate: false });
            setSaved((n) => n + 1);
          }}
        />
      )}
    </>
  );
}

/**
 * PriceEditor is the whole price list as one form: figures typed as decimals of a dollar,
 * checked on the page (fromForm) and by the server, each refusal shown at its field; saving asks
 * for a confirmation first. request: tests pass their own (a save that already failed).
 */
export function PriceEditor({ list, onSaved, request: given }) {
  const lang = useLanguage();
  const t = usePricesTexts();
  const ts = useStaffTexts();
  const common = useTexts();
  const id = useId();
  const [form, setForm] = useState(() => toForm(list, lang));
  const [local, setLocal] = useState({});
  const [confirming, setConfirming] = useState(null);
  const [save, state] = useRequestOnce(given);
  const serviceName = (s) => common(`nav.serviceNames.${s}`, { defaultValue: s });
  const error = (key) => (local[key] ? t(`errors.${local[key]}`) : state.error?.fields?.[key] || '');
  const update = (fn) =>
    setForm((f) => {
      const next = structuredClone(f);
      fn(next);
      return next;
    });
  const submit = (e) => {
    e.preventDefault();
    const checked = fromForm(form);
    setLocal(checked.errors ?? {});
    setConfirming(checked.list ?? null);
  };
  const confirm = () =>
    save.run('save', () => savePrices(confirming, lang)).then((saved) => {
      setConfirming(null);
      if (saved) onSaved?.(saved);
    });
  // One figure's input with its label and its error (by the server's field name).
  const figure = (key, label, value, onChange, { hint, width = '8rem' } = {}) => {
    const err = error(key);
    const fid = `${id}-${key}`;
    return (
      <div className="field">
        <label htmlFor={fid}>{label}</label>
        <input
          id={fid}
          type="text"
          inputMode="decimal"
          style={{ maxWidth: width }}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          aria-invalid={err ? 'true' : undefined}
          aria-describedby={[hint && `${fid}-hint`, err && `${fid}-error`].filter(Boolean).join(' ') || undefined}
          data-field={key}
        />
        {hint && <p id={`${fid}-hint`} className="field__hint">{hint}</p>}
        {err && <p id={`${fid}-error`} className="field__error">{err}</p>}
      </div>
    );
  };
  const rowError = (key) => error(key) && <p className="field__error" data-error={key}>{error(key)}</p>;
  const hasErrors = Object.keys(local).length > 0 || Object.keys(state.error?.fields ?? {}).length > 0;
  // Refusals the form has no place for (a field it does not know) are listed with the summary.
  const shown = shownFields(form);
  const elsewhere = Object.entries(state.error?.fields ?? {}).filter(([k]) => !shown.has(k));
  return (
    <form onSubmit={submit} noValidate className="staff-prices" data-testid="price-editor">
      <p className="lead">{t('lead')}</p>

      <fieldset>
        <legend>{t('services')}</legend>
        {rowError('services')}
        {form.services.map((s, i) => (
          <div key={s.service} className="staff-item" data-service={s.service}>
            <h3>{serviceName(s.service)}</h3>
            {rowError(`services.${i}.service`)}
            <div className="staff-pair">
              <div className="field">
                <label htmlFor={`${id}-unit-${i}`}>{t('unit')}</label>
                <select id={`${id}-unit-${i}`} value={s.unit} onChange={(e) => update((f) => { f.services[i].unit = e.target.value; })}>
                  {UNITS.map((u) => (
                    <option key={u} value={u}>{t(`units.${u}`)}</option>
                  ))}
                </select>
                {rowError(`services.${i}.unit`)}
              </div>
              {figure(`services.${i}.baseRate`, t('baseRate'), s.baseRate, (v) => update((f) => { f.services[i].baseRate = v; }))}
              {figure(`services.${i}.minimum`, t('minimum'), s.minimum, (v) => update((f) => { f.services[i].minimum = v; }))}
              {figure(`services.${i}.translatorRate`, t('translatorRate'), s.translatorRate, (v) => update((f) => { f.services[i].translatorRate = v; }), { hint: t('translatorRateHint') })}
            </div>
          </div>
        ))}
      </fieldset>

      <fieldset>
        <legend>{t('tiers')}</legend>
        <p className="field__hint">{t('tiersLead')}</p>
        <div className="staff-pair">
          {form.tiers.map((tier, i) => (
            <div key={tier.tier}>{figure(`tierMultipliers.${tier.tier}`, `${t('tierN', { tier: tier.tier })} – ${t('multiplier')}`, tier.multiplier, (v) => update((f) => { f.tiers[i].multiplier = v; }))}</div>
          ))}
        </div>
        <h3>{t('languages')}</h3>
        {rowError('languageTiers')}
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">{t('code')}</th>
              <th scope="col">{t('tier')}</th>
              <th scope="col"><span className="visually-hidden">{t('remove')}</span></th>
            </tr>
          </thead>
          <tbody>
            {form.languages.map((l, i) => (
              <tr key={i} data-language={l.code}>
                <td data-label={t('code')}>
                  <input aria-label={t('code')} type="text" maxLength={10} value={l.code} onChange={(e) => update((f) => { f.languages[i].code = e.target.value; })} style={{ maxWidth: '7rem' }} />
                  {rowError(`languageTiers.${l.code.trim().toLowerCase() || '?'}`)}
                </td>
                <td data-label={t('tier')}>
                  <select aria-label={`${t('tier')} ${l.code}`} value={l.tier} onChange={(e) => update((f) => { f.languages[i].tier = e.target.value; })}>
                    {form.tiers.map((tier) => (
                      <option key={tier.tier} value={tier.tier}>{t('tierN', { tier: tier.tier })}</option>
                    ))}
                  </select>
                </td>
                <td>
                  <button type="button" className="button button--small button--ghost" onClick={() => update((f) => { f.languages.splice(i, 1); })}>
                    {t('remove')}
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <button type="button" className="button button--small button--ghost" onClick={() => update((f) => { f.languages.push({ code: '', tier: form.tiers[0]?.tier ?? '1' }); })}>
          {t('addLanguage')}
        </button>
      </fieldset>

      <fieldset>
        <legend>{t('urgencies')}</legend>
        {URGENCIES.map((u) => (
          <div key={u} className="staff-item" data-urgency={u}>
            <h3>{t(`urgency.${u}`)}</h3>
            <div className="staff-pair">
              {figure(`urgencies.${u}.multiplier`, t('multiplier'), form.urgencies[u].multiplier, (v) => update((f) => { f.urgencies[u].multiplier = v; }))}
              {figure(`urgencies.${u}.minDays`, t('minDays'), form.urgencies[u].minDays, (v) => update((f) => { f.urgencies[u].minDays = v; }), { width: '5rem' })}
              {figure(`urgencies.${u}.maxDays`, t('maxDays'), form.urgencies[u].maxDays, (v) => update((f) => { f.urgencies[u].maxDays = v; }), { width: '5rem' })}
            </div>
            {rowError(`urgencies.${u}`)}
          </div>
        ))}
      </fieldset>

      <fieldset>
        <legend>{t('addOns')}</legend>
        {form.addOns.map((a, i) => (
          <div key={i} className="staff-item" data-add-on={a.id}>
            <h3>{(lang === 'en' ? a.nameEn : a.nameTr) || a.id || t('addOn')}</h3>
            {rowError(`addOns.${i}`)}
            <div className="staff-pair">
              {['addOnId', 'nameTr', 'nameEn'].map((k) => (
                <div className="field" key={k}>
                  <label htmlFor={`${id}-addon-${i}-${k}`}>{t(k)}</label>
                  <input id={`${id}-addon-${i}-${k}`} type="text" maxLength={80} value={a[k === 'addOnId' ? 'id' : k]} onChange={(e) => update((f) => { f.addOns[i][k === 'addOnId' ? 'id' : k] = e.target.value; })} />
                </div>
              ))}
              <div className="field">
                <label htmlFor={`${id}-addon-${i}-per`}>{t('per')}</label>
                <select id={`${id}-addon-${i}-per`} value={a.per} onChange={(e) => update((f) => { f.addOns[i].per = e.target.value; })}>
                  <option value="unit">{t('perUnit')}</option>
                  <option value="target">{t('perTarget')}</option>
                </select>
              </div>
              {figure(`addOns.${i}.amount`, t('amount'), a.amount, (v) => update((f) => { f.addOns[i].amount = v; }))}
              {a.per === 'unit' && figure(`addOns.${i}.translatorPerUnit`, t('translatorPerUnit'), a.translatorPerUnit, (v) => update((f) => { f.addOns[i].translatorPerUnit = v; }), { hint: t('translatorRateHint') })}
            </div>
            <fieldset className="staff-checks">
              <legend>{t('appliesTo')}</legend>
              {form.services.map((s) => (
                <label key={s.service}>
                  <input
                    type="checkbox"
                    checked={a.services.includes(s.service)}
                    onChange={(e) => update((f) => { f.addOns[i].services = e.target.checked ? [...a.services, s.service] : a.services.filter((x) => x !== s.service); })}
                  />{' '}
                  {serviceName(s.service)}
                </label>
              ))}
            </fieldset>
            <button type="button" className="button button--small button--ghost" onClick={() => update((f) => { f.addOns.splice(i, 1); })}>
              {t('remove')}
            </button>
          </div>
        ))}
        <button type="button" className="button button--small button--ghost" onClick={() => update((f) => { f.addOns.push({ id: '', nameTr: '', nameEn: '', per: 'unit', amount: '', translatorPerUnit: '', services: [] }); })}>
          {t('addAddOn')}
        </button>
      </fieldset>

      {hasErrors && !state.busy && (
        <div className="form__error" role="alert">
          <p>{t('invalid')}</p>
          {elsewhere.length > 0 && (
            <ul>
              {elsewhere.map(([k, msg]) => (
                <li key={k}>{`${k}: ${msg}`}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {state.error && !Object.keys(state.error.fields ?? {}).length && <p className="form__error" role="alert">{errorText(ts, state.error)}</p>}
      {confirming ? (
        <div role="alertdialog" aria-labelledby={`${id}-confirm`} aria-describedby={`${id}-confirm-text`} className="staff-reject" data-testid="price-confirm">
          <p id={`${id}-confirm`} className="staff-reject__title">{t('confirmTitle')}</p>
          <p id={`${id}-confirm-text`}>{t('confirmText')}</p>
          <div className="staff-actions">
            <button type="button" className="button button--small" onClick={confirm} disabled={!!state.busy} data-action="confirm">
              {state.busy ? t('saving') : t('confirm')}
            </button>
            <button type="button" className="button button--small button--ghost" onClick={() => setConfirming(null)} disabled={!!state.busy}>
              {t('cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button type="submit" className="button" data-action="save">
          {t('save')}
        </button>
      )}
    </form>
  );
}
