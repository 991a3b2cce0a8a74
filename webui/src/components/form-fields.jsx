// The fields of the site's forms (sign-in and account forms, contact and corporate inquiries):
// a label, the control, a hint and the error, tied together with aria-describedby, and the
// form's own message above it.

import { Notice } from './notice.jsx';

/** describedBy is the aria-describedby of control id with a hint and an error: the ids FieldNotes gives them. */
export const describedBy = (id, hint, error) => [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ') || undefined;

/** FieldNotes are a control's hint and error below it, each with the id describedBy names. */
export function FieldNotes({ id, hint, error }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </>
  );
}

/** Field is a labelled input (or textarea) with its hint and error beside it. */
export function Field({ id, name, label, error, hint, required = false, multiline = false, ...input }) {
  const described = describedBy(id, hint, error);
  const props = { id, name, required, 'aria-invalid': error ? 'true' : undefined, 'aria-describedby': described, ...input };
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {multiline ? <textarea rows={4} {...props} /> : <input type="text" {...props} />}
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}

/** CheckField is a checkbox with its label beside it and its error below. */
export function CheckField({ id, name, label, error, checked, onChange, required = false }) {
  return (
    <div className="field field--check">
      <input
        id={id}
        name={name}
        type="checkbox"
        checked={checked}
        onChange={onChange}
        required={required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      <label htmlFor={id}>{label}</label>
      <FieldNotes id={id} error={error} />
    </div>
  );
}

/** FormError is the server's (or the page's) message above a form. */
export function FormError({ children }) {
  return <Notice tone="error">{children}</Notice>;
}
