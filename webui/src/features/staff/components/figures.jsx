import { useId, useState } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { saveFigures, useFigures } from '../api/content.js';
import { useContentTexts } from '../texts-content.js';
import { useRequestOnce } from './actions.jsx';
import { ListState } from './list-state.jsx';
import '../staff-editors.css';
import { SaveButton, SaveError, fieldError } from './content-save.jsx';
import { Notice } from '../../../components/notice.jsx';

// The figures' fields (svc-catalog Figures): counts are whole numbers, the rest short texts; the
// delivery ones sit in "delivery" and the server names them so ("delivery.rushHours").
export const FIGURE_FIELDS = [
  { name: 'translators', count: true },
  { name: 'languages', count: true },
  { name: 'clients', count: true },
  { name: 'projects', count: true },
  { name: 'quality' },
  { name: 'freeRevisionDays', count: true },
  { name: 'support' },
  { name: 'minTranslatorExperienceYears', count: true },
  { name: 'qualityControlStages', count: true },
  { name: 'standardBusinessDays', delivery: true },
  { name: 'technicalBusinessDays', delivery: true },
  { name: 'rushHours', count: true, delivery: true },
];
const keyOf = (f) => (f.delivery ? `delivery.${f.name}` : f.name);

/** figuresForm is the figures as the form's text fields hold them, by their server names. */
export const figuresForm = (figures) => Object.fromEntries(FIGURE_FIELDS.map((f) => [keyOf(f), String((f.delivery ? figures?.delivery?.[f.name] : figures?.[f.name]) ?? '')]));

/** figuresInput is the form as the service takes it (with the version it was loaded at), or { errors } naming counts that are not whole numbers. */
export function figuresInput(form, version) {
  const out = { delivery: {}, version };
  const errors = {};
  for (const f of FIGURE_FIELDS) {
    const raw = String(form[keyOf(f)] ?? '').trim();
    let value = raw;
    if (f.count) {
      if (!/^\d+$/.test(raw)) errors[keyOf(f)] = 'whole';
      value = Number(raw);
    }
    if (f.delivery) out.delivery[f.name] = value;
    else out[f.name] = value;
  }
  return Object.keys(errors).length ? { errors } : { input: out };
}

/** FiguresEditor loads the figures and edits them in one form. */
export function FiguresEditor() {
  const lang = useLanguage();
  const t = useContentTexts();
  const { data, error, isLoading, mutate } = useFigures(lang);
  // The saved figures come back with their new version and the form is drawn afresh from them.
  const [saved, setSaved] = useState(false);
  return (
    <>
      <p className="lead">{t('figures.lead')}</p>
      <ListState loading={isLoading} error={error} retry={mutate} variant="detail" />
      {saved && <Notice>{t('saved')}</Notice>}
      {data && (
        <FiguresForm
          key={data.version}
          figures={data}
          onSaved={(f) => {
            setSaved(true);
            mutate(f, { revalidate: false });
          }}
          reload={() => {
            setSaved(false);
            return mutate();
          }}
        />
      )}
    </>
  );
}

/** FiguresForm is the figures' form; a save sends the version it was loaded at. */
export function FiguresForm({ figures, onSaved, reload }) {
  const lang = useLanguage();
  const t = useContentTexts();
  const id = useId();
  const [form, setForm] = useState(() => figuresForm(figures));
  const [local, setLocal] = useState({});
  const [save, saveState] = useRequestOnce();
  const submit = (e) => {
    e.preventDefault();
    const checked = figuresInput(form, figures.version);
    setLocal(checked.errors ? Object.fromEntries(Object.keys(checked.errors).map((k) => [k, t('figures.whole')])) : {});
    if (checked.errors) return;
    save.run('save', () => saveFigures(checked.input, lang)).then((saved) => saved && onSaved?.(saved));
  };
  return (
    <form className="staff-detail" onSubmit={submit} noValidate data-version={figures.version}>
      <div className="staff-pair">
        {FIGURE_FIELDS.map((f) => {
          const key = keyOf(f);
          const error = fieldError(local, saveState.error, key);
          return (
            <div className="field" key={key}>
              <label htmlFor={`${id}-${f.name}`}>{t(`figures.${f.name}`)}</label>
              <input
                id={`${id}-${f.name}`}
                type="text"
                inputMode={f.count ? 'numeric' : undefined}
                maxLength={40}
                value={form[key]}
                onChange={(e) => setForm((v) => ({ ...v, [key]: e.target.value }))}
                aria-invalid={error ? 'true' : undefined}
                aria-describedby={error ? `${id}-${f.name}-error` : undefined}
              />
              {error && <p id={`${id}-${f.name}-error`} className="field__error">{error}</p>}
            </div>
          );
        })}
      </div>
      <SaveError error={saveState.error} reload={reload} />
      <div className="staff-actions">
        <SaveButton state={saveState} />
      </div>
    </form>
  );
}
