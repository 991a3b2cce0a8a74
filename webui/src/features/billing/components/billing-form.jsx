import { useId, useMemo, useReducer, useRef } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../../lib/api-client.js';
import { useLanguage } from '../../../lib/language.jsx';
import { Field, FormError } from '../../../components/form-fields.jsx';
import { Loading } from '../../../components/loading.jsx';
import { profileKey, saveProfile, useProfile } from '../api/billing.js';
import { countryOptions } from '../countries.js';
import { fieldErrors, formReducer, initialForm, payload } from '../form-state.js';
import { TYPES, fieldsFor, inTurkey, validateDetails } from '../rules.js';
import { useBillingTexts } from '../texts.js';
import { Notice } from '../../../components/notice.jsx';

/** BillingForm loads the customer's billing details and saves them (PUT profile). */
export function BillingForm() {
  const lang = useLanguage();
  const t = useBillingTexts();
  const { data, error } = useProfile(lang);
  if (error) return <p className="form__error">{error.code ? error.message : t('loadFailed')}</p>;
  if (!data) return <Loading />;
  return <BillingFormState profile={data} />;
}

function BillingFormState({ profile }) {
  const { state, dispatch, form, save } = useDetailsForm(profile);
  return <BillingFormView ref={form} state={state} dispatch={dispatch} onSubmit={save} />;
}

/**
 * useDetailsForm is the form's state opened on profile and save(e), which checks the details
 * as the server would, saves them (PUT profile) and answers the saved details, or null when
 * they were refused (the fields then show why, and the first wrong one takes the focus).
 */
export function useDetailsForm(profile) {
  const lang = useLanguage();
  const t = useBillingTexts();
  const { mutate } = useSWRConfig();
  const [state, dispatch] = useReducer(formReducer, profile, initialForm);
  const form = useRef(null);

  async function save(e) {
    e?.preventDefault();
    dispatch({ type: 'submit' });
    const local = validateDetails(state.values);
    if (Object.keys(local).length) {
      dispatch({ type: 'invalid' });
      form.current?.querySelector(`[name="${Object.keys(local)[0]}"]`)?.focus();
      return null;
    }
    try {
      const saved = await saveProfile(payload(state.values), lang);
      mutate(profileKey(lang), saved, { revalidate: false });
      dispatch({ type: 'saved', profile: saved });
      return saved;
    } catch (err) {
      if (err instanceof ApiError && err.status === 400 && Object.keys(err.fields).length) {
        dispatch({ type: 'server', fields: err.fields });
        form.current?.querySelector(`[name="${Object.keys(err.fields)[0]}"]`)?.focus();
      } else {
        dispatch({ type: 'failed', message: err instanceof ApiError && err.code ? err.message : t('form.failed') });
      }
      return null;
    }
  }
  return { state, dispatch, form, save };
}

/**
 * BillingFormView draws the form from its state (form-state.js): the type, the identity fields
 * that apply to the type and country, the address and e-mail, each with its error below it.
 * The approval of a quote draws it too, with its own button (submitLabel, busyLabel while busy,
 * submitAction its data-action) and further buttons (actions) beside it.
 */
export function BillingFormView({ ref, state, dispatch, onSubmit, submitLabel, busyLabel, busy = false, submitAction, actions }) {
  const lang = useLanguage();
  const t = useBillingTexts();
  const id = useId();
  const countries = useMemo(() => countryOptions(lang), [lang]);
  const { values } = state;
  const errors = fieldErrors(state);
  const word = (err) => (!err ? undefined : err.message ?? t(`errors.${err.code}`, { min: err.min, max: err.max }));
  const field = (name, extra = {}) => ({
    id: `${id}-${name}`,
    name,
    label: t(`form.fields.${name}`),
    value: values[name],
    error: word(errors[name]),
    onChange: (e) => dispatch({ type: 'change', field: name, value: e.target.value }),
    onBlur: () => dispatch({ type: 'blur', field: name }),
    ...extra,
  });
  const identity = fieldsFor(values.type, values.country);
  const identityProps = {
    fullName: { required: true, autoComplete: 'name', maxLength: 100 },
    tckn: { required: true, inputMode: 'numeric', autoComplete: 'off', maxLength: 14 },
    companyName: { required: true, autoComplete: 'organization', maxLength: 200 },
    taxOffice: { required: true, maxLength: 100 },
    vkn: { required: true, inputMode: 'numeric', autoComplete: 'off', maxLength: 13 },
    taxId: values.type === 'company' ? { required: true, hint: t('form.hints.taxId'), maxLength: 30 } : { hint: t('form.hints.taxIdOptional'), maxLength: 30 },
  };
  const countryError = word(errors.country);
  const typeError = word(errors.type);
  const unknown = Object.entries(errors).filter(([f]) => !(f in values));
  const status = state.status;
  return (
    <form ref={ref} className="form billing-form" onSubmit={onSubmit} noValidate data-testid="billing-form">
      {!state.complete && status !== 'saved' && (
        <p className="notice" data-testid="billing-incomplete">
          {t('form.incomplete')}
        </p>
      )}
      {status === 'saved' && (
        <Notice data-testid="billing-saved">
          {t('form.saved')}
        </Notice>
      )}
      <FormError>{status === 'invalid' ? [t('form.fix'), ...unknown.map(([f, e]) => `${f}: ${word(e)}`)].join(' ') : status === 'failed' ? state.message : ''}</FormError>

      <fieldset className="choices" aria-describedby={typeError ? `${id}-type-error` : undefined}>
        <legend>{t('form.type')}</legend>
        {TYPES.map((type) => (
          <label key={type} className="choice">
            <input type="radio" name="type" value={type} checked={values.type === type} onChange={() => dispatch({ type: 'change', field: 'type', value: type })} />{' '}
            {t(`form.types.${type}`)}
          </label>
        ))}
        {typeError && (
          <p id={`${id}-type-error`} className="field__error">
            {typeError}
          </p>
        )}
      </fieldset>

      <div className="field">
        <label htmlFor={`${id}-country`}>
          {t('form.fields.country')}
          <span aria-hidden="true"> *</span>
        </label>
        <select
          id={`${id}-country`}
          name="country"
          required
          value={values.country}
          autoComplete="country"
          onChange={(e) => dispatch({ type: 'change', field: 'country', value: e.target.value })}
          onBlur={() => dispatch({ type: 'blur', field: 'country' })}
          aria-invalid={countryError ? 'true' : undefined}
          aria-describedby={countryError ? `${id}-country-error` : undefined}
        >
          {!countries.some((c) => c.code === values.country) && <option value={values.country}>{values.country}</option>}
          {countries.map((c) => (
            <option key={c.code} value={c.code}>
              {c.name}
            </option>
          ))}
        </select>
        {countryError && (
          <p id={`${id}-country-error`} className="field__error">
            {countryError}
          </p>
        )}
      </div>

      <div className="form__row">
        {identity.map((name) => (
          <Field key={name} {...field(name, identityProps[name])} />
        ))}
      </div>
      <Field {...field('address', { required: true, autoComplete: 'street-address', maxLength: 300 })} />
      <div className="form__row">
        <Field {...field('city', { required: true, autoComplete: 'address-level2', maxLength: 100 })} />
        <Field {...field('postcode', { autoComplete: 'postal-code', inputMode: inTurkey(values.country) ? 'numeric' : undefined, hint: t('form.hints.postcode'), maxLength: 12 })} />
      </div>
      <Field {...field('email', { required: true, type: 'email', autoComplete: 'email', hint: t('form.hints.email') })} />
      <div className={actions ? 'actions' : undefined}>
        <button type="submit" className="button" disabled={status === 'saving' || busy} data-action={submitAction}>
          {status === 'saving' || busy ? (busyLabel ?? t('form.saving')) : (submitLabel ?? t('form.save'))}
        </button>
        {actions}
      </div>
    </form>
  );
}
