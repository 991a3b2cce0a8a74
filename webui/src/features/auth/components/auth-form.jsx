import { useRef, useState } from 'react';
import { useAdoptTyped } from '../../../lib/adopt-typed.js';
import { useCommonTexts } from '../../../lib/i18n.js';
import { ApiError } from '../../../lib/api-client.js';
import { authTexts, useAuthTexts } from '../texts.js';

export { useAuthTexts };

const AUTH_KEYS = new Set(Object.keys(authTexts.en.fieldErrors));


/**
 * useAuthForm runs a form the way the inquiry form does: the page's checks first (validate
 * returns { field: [key, params] }), then submit(values); the server's field messages are shown
 * beside their fields as given and its message above the form. onDone(result, values) follows
 * a successful submit.
 */
export function useAuthForm({ initial, validate, submit, onDone }) {
  const common = useCommonTexts();
  const t = useAuthTexts();
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState({});
  const [formError, setFormError] = useState('');
  const [sending, setSending] = useState(false);
  const form = useRef(null);
  // What was typed or autofilled before the page hydrated.
  useAdoptTyped(form, initial, (typed) => setValues((v) => ({ ...v, ...typed })));

  const message = ([key, params]) => (AUTH_KEYS.has(key) ? t(`fieldErrors.${key}`) : common(`form.${key}`, params));
  const focusField = (name) => {
    const el = form.current?.elements.namedItem(name);
    if (el && typeof el.focus === 'function') el.focus();
  };

  const set = (name) => (e) => {
    const { type, checked, value } = e.target;
    setValues((v) => ({ ...v, [name]: type === 'checkbox' ? checked : value }));
  };

  async function onSubmit(e) {
    e.preventDefault();
    if (sending) return;
    setFormError('');
    const local = Object.entries(validate ? validate(values) : {});
    setErrors(Object.fromEntries(local.map(([field, err]) => [field, message(err)])));
    if (local.length) {
      focusField(local[0][0]);
      return;
    }
    setSending(true);
    try {
      const result = await submit(values);
      setSending(false);
      await onDone?.(result, values);
    } catch (err) {
      setSending(false);
      if (!(err instanceof ApiError)) {
        setFormError(t('failed'));
        return;
      }
      const fields = err.fields ?? {};
      setErrors(fields);
      // The server's message, unless it only repeats a message already shown beside a field.
      setFormError(Object.values(fields).includes(err.message) ? '' : err.message);
      const first = Object.keys(fields)[0];
      if (first) focusField(first);
    }
  }

  return { values, setValues, set, errors, setErrors, formError, sending, form, onSubmit };
}
