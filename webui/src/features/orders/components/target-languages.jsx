import { useOrdersContext } from '../orders-context.jsx';
import { useOrdersTexts } from '../texts.js';

/**
 * TargetLanguages picks one or more target languages: the chosen ones as a list with a remove
 * button each, and a select that adds one. Plain controls, so keyboards and screen readers need
 * nothing special; the source language is not offered.
 */
export function TargetLanguages({ id, source, targets, onChange, error }) {
  const t = useOrdersTexts();
  const { languages, languageName } = useOrdersContext();
  const available = languages.filter((l) => l.code !== source && !targets.includes(l.code));
  const described = [`${id}-hint`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <fieldset className="targets" aria-describedby={described}>
      <legend>{t('targets')}</legend>
      {targets.length ? (
        <ul className="targets__list" data-testid="target-languages">
          {targets.map((code) => (
            <li key={code} className="targets__item" data-language={code}>
              <span>{languageName(code)}</span>
              <button type="button" className="targets__remove" aria-label={t('removeTarget', { language: languageName(code) })} onClick={() => onChange(targets.filter((c) => c !== code))}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="field__hint">{t('noTargets')}</p>
      )}
      <div className="field">
        <label htmlFor={id}>{t('addTarget')}</label>
        <select
          id={id}
          name="addTarget"
          value=""
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={described}
          onChange={(e) => e.target.value && onChange([...targets, e.target.value])}
        >
          <option value="">{t('choose')}</option>
          {available.map((l) => (
            <option key={l.code} value={l.code}>
              {languageName(l.code)}
            </option>
          ))}
        </select>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {t('targetsHint')}
      </p>
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </fieldset>
  );
}
