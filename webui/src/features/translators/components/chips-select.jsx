import '../translators.css';
import { FieldNotes, describedBy } from '../../../components/form-fields.jsx';
import { useTranslatorsTexts } from '../texts.js';

/**
 * ChipsSelect is a multi-select drawn as chips: the chosen options as removable chips, and a
 * select offering the others. options are [{ value, label }]; onChange hears the new list of
 * values; onBlur is called when focus leaves the select (the field then shows its own errors).
 */
export function ChipsSelect({ id, label, options, value, onChange, onBlur, error, hint, required = false, max }) {
  const t = useTranslatorsTexts();
  const name = (v) => options.find((o) => o.value === v)?.label ?? v;
  const left = options.filter((o) => !value.includes(o.value));
  const described = describedBy(id, hint, error);
  const full = max !== undefined && value.length >= max;
  return (
    <div className="field chips">
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      {value.length > 0 ? (
        <ul className="chips__list" aria-label={label}>
          {value.map((v) => (
            <li key={v} className="chip">
              <span>{name(v)}</span>
              <button type="button" className="chip__remove" aria-label={t('chips.remove', { name: name(v) })} onClick={() => onChange(value.filter((x) => x !== v))}>
                ×
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <select
        id={id}
        value=""
        disabled={full || left.length === 0}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={described}
        onChange={(e) => e.target.value && onChange([...value, e.target.value])}
        onBlur={onBlur}
      >
        <option value="">{t('chips.choose')}</option>
        {left.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <FieldNotes id={id} hint={hint} error={error} />
    </div>
  );
}
