import { useId, useMemo, useReducer, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { SERVICE_SCREENS } from '../../../config/paths.js';
import { ApiError } from '../../../lib/api-client.js';
import { useLanguages } from '../../../lib/api/get-languages.js';
import { useLanguage } from '../../../lib/language.jsx';
import { specializationName } from '../../../lib/specializations.js';
import { useCommonTexts } from '../../../lib/i18n.js';
import { Field, FormError } from '../../../components/form-fields.jsx';
import { Loading } from '../../../components/loading.jsx';
import { profileKey, saveCompetencies, useTranslatorProfile } from '../api/translators.js';
import { competenciesBody, competenciesErrors, competenciesReducer, initialCompetencies, validateCompetencies } from '../competencies.js';
import { MAX_PAIRS, SPECIALIZATIONS } from '../constants.js';
import { languageOptions } from '../language-options.js';
import { useTranslatorsTexts, wordError } from '../texts.js';
import '../translators.css';
import { Notice } from '../../../components/notice.jsx';

/** CompetenciesForm loads the translator's profile and saves its competencies (PUT profile/competencies). */
export function CompetenciesForm() {
  const lang = useLanguage();
  const t = useTranslatorsTexts();
  const { data, error } = useTranslatorProfile(lang);
  const { languages } = useLanguages();
  if (error) return <p className="form__error">{error.code ? error.message : t('loadFailed')}</p>;
  if (!data) return <Loading />;
  return <CompetenciesState profile={data} languages={languages} />;
}

function CompetenciesState({ profile, languages }) {
  const lang = useLanguage();
  const t = useTranslatorsTexts();
  const { mutate } = useSWRConfig();
  const [state, dispatch] = useReducer(competenciesReducer, profile, initialCompetencies);
  const form = useRef(null);
  const focus = (name) => form.current?.querySelector(`[data-field="${name}"]`)?.focus();

  async function submit(e) {
    e.preventDefault();
    dispatch({ type: 'submit' });
    const local = validateCompetencies(state);
    if (Object.keys(local).length) {
      dispatch({ type: 'invalid' });
      focus(Object.keys(local)[0]);
      return;
    }
    try {
      const saved = await saveCompetencies(competenciesBody(state), lang);
      mutate(profileKey(lang), saved, { revalidate: false });
      dispatch({ type: 'saved', profile: saved });
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && Object.keys(err.fields).length) {
        dispatch({ type: 'server', fields: err.fields });
        focus(Object.keys(err.fields)[0]);
      } else {
        dispatch({ type: 'failed', message: err instanceof ApiError && err.code ? err.message : t('failed') });
      }
    }
  }
  return <CompetenciesView ref={form} state={state} dispatch={dispatch} onSubmit={submit} languages={languages} />;
}

/**
 * CompetenciesView draws the competencies from their state (competencies.js): the directed
 * language pairs as rows, services, specialisations, the sworn status and certificates.
 */
export function CompetenciesView({ ref, state, dispatch, onSubmit, languages }) {
  const lang = useLanguage();
  const t = useTranslatorsTexts();
  const common = useCommonTexts();
  const id = useId();
  const options = useMemo(() => languageOptions(languages, lang), [languages, lang]);
  const errors = competenciesErrors(state);
  const err = (name) => wordError(t, errors[name]);
  const known = (k) => k === 'pairs' || k.startsWith('pairs.') || ['services', 'specializations', 'certificates', 'sworn', 'sworn.court', 'sworn.certificateDate'].includes(k);
  const unknown = Object.entries(errors).filter(([k]) => !known(k));
  const saving = state.status === 'saving';
  const { sworn } = state;

  const checkList = (field, items) => (
    <fieldset className="choices" aria-describedby={errors[field] ? `${id}-${field}-error` : undefined} data-field={field} tabIndex={-1}>
      <legend>{t(`competencies.${field}`)}</legend>
      <div className="check-grid">
        {items.map(({ value, label }) => (
          <label key={value} className="choice">
            <input type="checkbox" name={field} value={value} checked={state[field].includes(value)} onChange={() => dispatch({ type: 'toggle', field, value })} /> {label}
          </label>
        ))}
      </div>
      {errors[field] && (
        <p id={`${id}-${field}-error`} className="field__error">
          {err(field)}
        </p>
      )}
    </fieldset>
  );

  return (
    <form ref={ref} className="form competencies" onSubmit={onSubmit} noValidate data-testid="competencies-form">
      {state.status === 'saved' && (
        <Notice>
          {t('competencies.saved')}
        </Notice>
      )}
      <FormError>{state.status === 'invalid' ? [t('fix'), ...unknown.map(([, e]) => wordError(t, e))].join(' ') : state.status === 'failed' ? state.message : ''}</FormError>

      <fieldset className="choices" data-field="pairs" tabIndex={-1} aria-describedby={errors.pairs ? `${id}-pairs-error` : undefined}>
        <legend>{t('competencies.pairs')}</legend>
        <ol className="pairs" data-testid="pairs">
          {state.pairs.map((p, i) => {
            const rowError = [errors[`pairs.${i}`], errors[`pairs.${i}.source`], errors[`pairs.${i}.target`]].filter(Boolean).map((e) => wordError(t, e));
            const errId = `${id}-pair-${p.key}-error`;
            return (
              // The group is inside the item: a role on the <li> itself would take it out of the list.
              <li key={p.key} data-pair={`${p.source}>${p.target}`}>
                <div className="pair" role="group" aria-label={t('competencies.pairLabel', { n: i + 1 })}>
                  <PairSelect id={`${id}-${p.key}-source`} field={`pairs.${i}.source`} label={t('competencies.source')} value={p.source} options={options} invalid={!!(errors[`pairs.${i}.source`] || errors[`pairs.${i}`])} describedBy={rowError.length ? errId : undefined} onChange={(v) => dispatch({ type: 'setPair', key: p.key, field: 'source', value: v })} choose={t('chips.choose')} />
                  <span className="pair__arrow" aria-hidden="true">
                    →
                  </span>
                  <PairSelect id={`${id}-${p.key}-target`} field={`pairs.${i}.target`} label={t('competencies.target')} value={p.target} options={options} invalid={!!(errors[`pairs.${i}.target`] || errors[`pairs.${i}`])} describedBy={rowError.length ? errId : undefined} onChange={(v) => dispatch({ type: 'setPair', key: p.key, field: 'target', value: v })} choose={t('chips.choose')} />
                  <button type="button" className="button button--ghost button--small" onClick={() => dispatch({ type: 'removePair', key: p.key })} aria-label={t('competencies.removePair', { n: i + 1 })} disabled={state.pairs.length === 1 && !p.source && !p.target}>
                    ×
                  </button>
                  {rowError.length > 0 && (
                    <p id={errId} className="field__error">
                      {rowError.join(' ')}
                    </p>
                  )}
                </div>
              </li>
            );
          })}
        </ol>
        {errors.pairs && (
          <p id={`${id}-pairs-error`} className="field__error">
            {err('pairs')}
          </p>
        )}
        {state.pairs.length < MAX_PAIRS ? (
          <div>
            <button type="button" className="button button--ghost button--small" onClick={() => dispatch({ type: 'addPair' })}>
              {t('competencies.addPair')}
            </button>
          </div>
        ) : (
          <p className="field__hint">{t('competencies.maxPairs', { max: MAX_PAIRS })}</p>
        )}
      </fieldset>

      {checkList(
        'services',
        Object.keys(SERVICE_SCREENS).map((s) => ({ value: s, label: common(`nav.serviceNames.${s}`) })),
      )}
      {checkList(
        'specializations',
        SPECIALIZATIONS.map((k) => ({ value: k, label: specializationName(lang, k) })),
      )}

      <fieldset className="choices" data-testid="sworn">
        <legend>
          {t('competencies.sworn')}{' '}
          {sworn.enabled && (
            <span className={sworn.verified ? 'status-badge status-badge--ok' : 'status-badge status-badge--wait'} data-testid="sworn-status">
              {sworn.verified ? t('competencies.verified') : t('competencies.awaiting')}
            </span>
          )}
        </legend>
        <label className="choice">
          <input type="checkbox" name="sworn" checked={sworn.enabled} onChange={(e) => dispatch({ type: 'sworn', field: 'enabled', value: e.target.checked })} /> {t('competencies.swornToggle')}
        </label>
        {sworn.enabled && (
          <div className="form__row">
            <Field id={`${id}-court`} name="sworn.court" data-field="sworn.court" label={t('competencies.court')} required value={sworn.court} maxLength={200} error={err('sworn.court') ?? err('sworn')} onChange={(e) => dispatch({ type: 'sworn', field: 'court', value: e.target.value })} />
            <Field id={`${id}-certificateDate`} name="sworn.certificateDate" data-field="sworn.certificateDate" type="date" label={t('competencies.certificateDate')} required value={sworn.certificateDate} error={err('sworn.certificateDate')} onChange={(e) => dispatch({ type: 'sworn', field: 'certificateDate', value: e.target.value })} />
          </div>
        )}
        {sworn.enabled && <p className="field__hint">{t('competencies.swornNote')}</p>}
      </fieldset>

      <Field id={`${id}-certificates`} name="certificates" data-field="certificates" multiline label={t('competencies.certificates')} value={state.certificates} maxLength={1000} hint={t('optional')} error={err('certificates')} onChange={(e) => dispatch({ type: 'set', field: 'certificates', value: e.target.value })} />
      <div>
        <button type="submit" className="button" disabled={saving}>
          {saving ? t('saving') : t('save')}
        </button>
      </div>
    </form>
  );
}

function PairSelect({ id, field, label, value, options, invalid, describedBy, onChange, choose }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} name={field} data-field={field} value={value} aria-invalid={invalid ? 'true' : undefined} aria-describedby={describedBy} onChange={(e) => onChange(e.target.value)}>
        <option value="">{choose}</option>
        {value && !options.some((o) => o.value === value) && <option value={value}>{value}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
