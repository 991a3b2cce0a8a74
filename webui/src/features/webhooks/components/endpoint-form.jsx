import { useId, useState } from 'react';
import { Field } from '../../../components/form-fields.jsx';
import { Notice } from '../../../components/notice.jsx';
import { readRefusal } from '../refusal.js';
import { typeKey, useWebhookTexts } from '../texts.js';

const EMPTY = { url: '', description: '', types: [] };

/**
 * EndpointForm registers an endpoint or changes one: its URL, a description and the event types
 * it wants. onSave(settings) sends them and throws the server's refusal, whose words are shown
 * under the fields they name (or above the form). types are the types one can pick, in the
 * server's order; initial an endpoint's settings to change; submitAction the submit button's
 * data-action.
 */
export function EndpointForm({ types, initial = EMPTY, title, submitLabel, busyLabel, submitAction, onSave, onCancel, testid }) {
  const t = useWebhookTexts();
  const [values, setValues] = useState({ url: initial.url, description: initial.description ?? '', types: initial.types ?? [] });
  const [state, setState] = useState({ busy: false, errors: {}, message: '' });
  async function submit(e) {
    e.preventDefault();
    if (state.busy) return;
    setState({ busy: true, errors: {}, message: '' });
    try {
      await onSave(values);
      setState({ busy: false, errors: {}, message: '' });
    } catch (err) {
      const { fields, message } = readRefusal(err, t('form.failed'));
      setState({ busy: false, errors: fields, message });
    }
  }
  return (
    <EndpointFields
      title={title}
      types={types}
      values={values}
      onChange={setValues}
      errors={state.errors}
      message={state.message}
      busy={state.busy}
      submitLabel={submitLabel}
      busyLabel={busyLabel}
      submitAction={submitAction}
      onSubmit={submit}
      onCancel={onCancel}
      testid={testid}
    />
  );
}

/**
 * EndpointFields draws the form for EndpointForm: the URL, the description, a box per event type
 * with what it means and a button that picks them all or none; errors (by field) and message are
 * the server's words.
 */
export function EndpointFields({ title, types, values, onChange, errors = {}, message = '', busy = false, submitLabel, busyLabel, submitAction = 'save-endpoint', onSubmit, onCancel, testid }) {
  const t = useWebhookTexts();
  const id = useId();
  const set = (field) => (e) => onChange((v) => ({ ...v, [field]: e.target.value }));
  const all = types.length > 0 && types.every((type) => values.types.includes(type));
  const toggle = (type) => (e) => onChange((v) => ({ ...v, types: e.target.checked ? types.filter((x) => x === type || v.types.includes(x)) : v.types.filter((x) => x !== type) }));
  const typesNotes = [`${id}-types-hint`, errors.types && `${id}-types-error`].filter(Boolean).join(' ');
  return (
    <form className="form webhook-form" onSubmit={onSubmit} noValidate data-testid={testid}>
      {title && <h3>{title}</h3>}
      {message && <Notice tone="error">{message}</Notice>}
      <Field
        id={`${id}-url`}
        name="url"
        type="url"
        inputMode="url"
        autoComplete="off"
        spellCheck={false}
        placeholder="https://example.com/webhooks/linguaport"
        label={t('form.url')}
        hint={t('form.urlHint')}
        value={values.url}
        onChange={set('url')}
        error={errors.url}
        maxLength={2000}
        required
      />
      <Field
        id={`${id}-description`}
        name="description"
        label={t('form.description')}
        hint={t('form.descriptionHint')}
        value={values.description}
        onChange={set('description')}
        error={errors.description}
        maxLength={200}
      />
      <fieldset className="webhook-form__types" aria-describedby={typesNotes}>
        <legend>
          {t('form.types')}
          <span aria-hidden="true"> *</span>
        </legend>
        <p id={`${id}-types-hint`} className="field__hint">
          {t('form.typesHint')}
        </p>
        <div>
          <button
            type="button"
            className="button button--ghost button--small"
            onClick={() => onChange((v) => ({ ...v, types: all ? [] : [...types] }))}
            data-action="select-all-types"
          >
            {all ? t('form.clearAll') : t('form.selectAll')}
          </button>
        </div>
        <ul className="webhook-form__choices">
          {types.map((type) => (
            <li key={type}>
              <label className="webhook-type-choice">
                <input type="checkbox" name="types" value={type} checked={values.types.includes(type)} onChange={toggle(type)} />
                <span>
                  <strong>{t(`types.${typeKey(type)}.label`, { defaultValue: type })}</strong> <code>{type}</code>
                  <br />
                  <span className="field__hint">{t(`types.${typeKey(type)}.hint`, { defaultValue: '' })}</span>
                </span>
              </label>
            </li>
          ))}
        </ul>
        {errors.types && (
          <p id={`${id}-types-error`} className="field__error">
            {errors.types}
          </p>
        )}
      </fieldset>
      <div className="actions">
        <button type="submit" className="button" disabled={busy} data-action={submitAction}>
          {busy ? busyLabel : submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button button--ghost" onClick={onCancel} data-action="cancel-endpoint">
            {t('form.cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
