/**
 * wizardFields names the order wizard's fields (ids below baseId) and tells their errors:
 * errorOf(name) is the message to show beside a field, or nothing. The steps use it to label
 * and describe their controls the same way.
 */
export function wizardFields(baseId, errorOf) {
  const id = (name) => `${baseId}-${name}`;
  return {
    id,
    error: errorOf,
    invalid: (name) => (errorOf(name) ? 'true' : undefined),
    /** describedBy is the ids that describe a field: more (hints), then its error if it has one. */
    describedBy: (name, ...more) => [...more, errorOf(name) && `${id(name)}-error`].filter(Boolean).join(' ') || undefined,
  };
}

/** FieldError is a field's error line, referred to by its aria-describedby. */
export function FieldError({ fields, name }) {
  const error = fields.error(name);
  if (!error) return null;
  return (
    <p id={`${fields.id(name)}-error`} className="field__error">
      {error}
    </p>
  );
}
