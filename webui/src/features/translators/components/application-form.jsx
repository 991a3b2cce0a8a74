import { useId, useMemo, useReducer, useRef } from 'react';
import { path } from '../../../config/paths.js';
import { useLanguages } from '../../../lib/api/get-languages.js';
import { useLanguage } from '../../../lib/language.jsx';
import { specializationName } from '../../../lib/specializations.js';
import { CheckField, Field, FormError } from '../../../components/form-fields.jsx';
import { submitApplication } from '../api/translators.js';
import { applicationErrors, applicationFailure, applicationReducer, emptyApplication, initialApplication, validateApplication } from '../application.js';
import { useAdoptTyped } from '../../../lib/adopt-typed.js';
import { DOCUMENT_EXTENSIONS, MAX_SPECIALIZATIONS, MAX_WORKING_LANGUAGES, SPECIALIZATIONS } from '../constants.js';
import { languageOptions } from '../language-options.js';
import { useTranslatorsTexts, wordError } from '../texts.js';
import { ChipsSelect } from './chips-select.jsx';
import { FileDrop } from '../../../components/file-drop.jsx';

const ACCEPT = [...DOCUMENT_EXTENSIONS.map((e) => `.${e}`), 'application/pdf', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 'application/vnd.oasis.opendocument.text'].join(',');

/** ApplicationForm is the public translator application, sent to svc-translators as multipart. */
export function ApplicationForm() {
  const lang = useLanguage();
  const { languages } = useLanguages();
  const [state, dispatch] = useReducer(applicationReducer, undefined, initialApplication);
  const form = useRef(null);
  // What was typed or autofilled before the page hydrated.
  useAdoptTyped(form, emptyApplication(), (typed) => {
    for (const [field, value] of Object.entries(typed)) dispatch({ type: 'change', field, value });
  });
  const focus = (name) => form.current?.querySelector(`[data-field="${name}"]`)?.focus();

  async function submit(e) {
    e.preventDefault();
    if (state.status === 'sending') return;
    dispatch({ type: 'submit' });
    const local = validateApplication(state.values);
    if (Object.keys(local).length) {
      dispatch({ type: 'invalid' });
      focus(Object.keys(local)[0]);
      return;
    }
    dispatch({ type: 'sending' });
    try {
      const application = await submitApplication(state.values, lang, { onProgress: (value) => dispatch({ type: 'progress', value }) });
      dispatch({ type: 'sent', application });
    } catch (err) {
      const failure = applicationFailure(err);
      dispatch({ type: 'refused', failure });
      if (failure.fields) focus(Object.keys(failure.fields)[0]);
    }
  }
  return <ApplicationFormView ref={form} state={state} dispatch={dispatch} onSubmit={submit} languages={languages} />;
}

/** ApplicationFormView draws the form from its state (application.js), or the sent state. */
export function ApplicationFormView({ ref, state, dispatch, onSubmit, languages }) {
  const lang = useLanguage();
  const t = useTranslatorsTexts();
  const id = useId();
  const options = useMemo(() => languageOptions(languages, lang), [languages, lang]);
  const specializations = SPECIALIZATIONS.map((k) => ({ value: k, label: specializationName(lang, k) }));
  const { values, status } = state;
  const errors = applicationErrors(state);
  const fid = (name) => `${id}-${name}`;
  const change = (field) => (value) => dispatch({ type: 'change', field, value });
  const blur = (field) => () => dispatch({ type: 'blur', field });
  const field = (name, extra = {}) => ({
    id: fid(name),
    name,
    'data-field': name,
    label: t(`application.fields.${name}`),
    value: values[name],
    error: wordError(t, errors[name]),
    onChange: (e) => change(name)(e.target.value),
    onBlur: blur(name),
    ...extra,
  });

  if (status === 'sent') {
    return (
      <div className="form__success" role="status" tabIndex={-1} ref={(el) => el?.focus()} data-testid="application-sent">
        <h2>{t('application.sent.title')}</h2>
        <p>{t('application.sent.text', { email: state.application?.email || values.email })}</p>
      </div>
    );
  }

  const shown = new Set(['firstName', 'lastName', 'email', 'phone', 'nativeLanguage', 'workingLanguages', 'specializations', 'experienceYears', 'education', 'certificates', 'cv', 'portfolioUrl', 'portfolio', 'acceptTerms']);
  const unknown = Object.entries(errors).filter(([f]) => !shown.has(f));
  const sending = status === 'sending';
  const percent = Math.round(state.progress * 100);
  const formMessage =
    status === 'invalid'
      ? [t('fix'), ...unknown.map(([, e]) => wordError(t, e))].join(' ')
      : status === 'failed'
        ? state.messageKey
          ? t(`application.${state.messageKey}`)
          : state.message || t('application.failed')
        : '';

  return (
    <form ref={ref} className="form application-form" onSubmit={onSubmit} noValidate aria-busy={sending} data-testid="application-form">
      <FormError>{formMessage}</FormError>
      <div className="form__row">
        <Field {...field('firstName', { required: true, autoComplete: 'given-name', maxLength: 60 })} />
        <Field {...field('lastName', { required: true, autoComplete: 'family-name', maxLength: 60 })} />
      </div>
      <div className="form__row">
        <Field {...field('email', { required: true, type: 'email', autoComplete: 'email' })} />
        <Field {...field('phone', { required: true, type: 'tel', autoComplete: 'tel', hint: t('application.hints.phone'), maxLength: 30 })} />
      </div>
      <div className="field">
        <label htmlFor={fid('nativeLanguage')}>
          {t('application.fields.nativeLanguage')}
          <span aria-hidden="true"> *</span>
        </label>
        <select
          id={fid('nativeLanguage')}
          name="nativeLanguage"
          data-field="nativeLanguage"
          required
          value={values.nativeLanguage}
          onChange={(e) => change('nativeLanguage')(e.target.value)}
          onBlur={blur('nativeLanguage')}
          aria-invalid={errors.nativeLanguage ? 'true' : undefined}
          aria-describedby={errors.nativeLanguage ? `${fid('nativeLanguage')}-error` : undefined}
        >
          <option value="">{t('chips.choose')}</option>
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </select>
        {errors.nativeLanguage && (
          <p id={`${fid('nativeLanguage')}-error`} className="field__error">
            {wordError(t, errors.nativeLanguage)}
          </p>
        )}
      </div>
      <ChipsSelect
        id={fid('workingLanguages')}
        label={t('application.fields.workingLanguages')}
        options={options}
        value={values.workingLanguages}
        onChange={change('workingLanguages')}
        onBlur={blur('workingLanguages')}
        error={wordError(t, errors.workingLanguages)}
        hint={t('application.hints.workingLanguages')}
        max={MAX_WORKING_LANGUAGES}
        required
      />
      <ChipsSelect
        id={fid('specializations')}
        label={t('application.fields.specializations')}
        options={specializations}
        value={values.specializations}
        onChange={change('specializations')}
        onBlur={blur('specializations')}
        error={wordError(t, errors.specializations)}
        hint={t('application.hints.specializations')}
        max={MAX_SPECIALIZATIONS}
        required
      />
      <Field {...field('experienceYears', { required: true, type: 'number', inputMode: 'numeric', min: 0, max: 60, step: 1 })} />
      <Field {...field('education', { required: true, multiline: true, maxLength: 500, hint: t('application.hints.education') })} />
      <Field {...field('certificates', { multiline: true, maxLength: 1000, hint: t('application.hints.certificates') })} />
      <FileField id={fid('cv')} name="cv" label={t('application.fields.cv')} file={values.cv} error={wordError(t, errors.cv)} hint={t('application.hints.file')} required onFile={(f) => {
        change('cv')(f);
        blur('cv')();
      }} />
      <fieldset className="choices" aria-describedby={`${fid('portfolio')}-hint`}>
        <legend>{t('application.fields.portfolio')}</legend>
        <p id={`${fid('portfolio')}-hint`} className="field__hint">
          {t('application.hints.portfolio')}
        </p>
        {['url', 'file'].map((kind) => (
          <label key={kind} className="choice">
            <input type="radio" name="portfolioKind" value={kind} checked={values.portfolioKind === kind} onChange={() => change('portfolioKind')(kind)} /> {t(`application.portfolioKinds.${kind}`)}
          </label>
        ))}
        {values.portfolioKind === 'url' ? (
          <Field {...field('portfolioUrl', { type: 'url', inputMode: 'url', placeholder: 'https://' })} />
        ) : (
          <FileField id={fid('portfolio')} name="portfolio" label={t('application.fields.portfolioFile')} file={values.portfolio} error={wordError(t, errors.portfolio)} hint={t('application.hints.file')} onFile={(f) => {
            change('portfolio')(f);
            blur('portfolio')();
          }} />
        )}
      </fieldset>
      <CheckField
        id={fid('acceptTerms')}
        name="acceptTerms"
        checked={values.acceptTerms}
        onChange={(e) => {
          change('acceptTerms')(e.target.checked);
          blur('acceptTerms')();
        }}
        required
        error={wordError(t, errors.acceptTerms)}
        label={
          <>
            {t('application.termsBefore')}
            <a href={path('terms', lang)} target="_blank" rel="noopener">
              {t('application.termsLink')}
            </a>
            {t('application.termsAfter')}
          </>
        }
      />
      {sending && (
        <div className="upload-progress" data-testid="application-progress">
          <progress max={1} value={state.progress} aria-label={t('application.progress')} />
          <span aria-live="polite">{t('application.sending', { percent })}</span>
        </div>
      )}
      <div>
        <button type="submit" className="button" disabled={sending}>
          {sending ? t('application.sending', { percent }) : t('application.submit')}
        </button>
      </div>
    </form>
  );
}

/**
 * FileField is a CV or portfolio file: the site's drop zone (components/file-drop.jsx) with the
 * chosen file and its size listed under it, its hint and its error.
 */
function FileField({ id: inputId, name, label, file, error, hint, required = false, onFile }) {
  return (
    <FileDrop id={inputId} name={name} field={name} label={label} accept={ACCEPT} required={required} files={file ? [file] : []} onChange={(files) => onFile(files[0] ?? null)} error={error} hint={hint} />
  );
}
