import { useId, useState } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { deleteTestimonial, saveTestimonial, useTestimonials } from '../api/content.js';
import { useContentTexts } from '../texts-content.js';
import { ActionButton, ActionError, useRequestOnce } from './actions.jsx';
import '../staff-editors.css';
import { ItemList, SaveButton, SaveError, fieldError } from './content-save.jsx';

const TEXT_FIELDS = ['author', 'company', 'service', 'sourceLanguage', 'targetLanguage'];
const EMPTY = { quote: { tr: '', en: '' }, author: '', company: '', service: '', sourceLanguage: '', targetLanguage: '', rating: 5 };

/** testimonialInput is a testimonial's form as the service takes it: texts trimmed, codes lower-case, the rating a number. */
export function testimonialInput(item) {
  const out = { quote: { tr: (item.quote?.tr ?? '').trim(), en: (item.quote?.en ?? '').trim() }, rating: Number(item.rating) || 0 };
  for (const k of TEXT_FIELDS) out[k] = String(item[k] ?? '').trim();
  for (const k of ['service', 'sourceLanguage', 'targetLanguage']) out[k] = out[k].toLowerCase();
  return item.id ? { ...out, id: item.id, version: item.version } : out;
}

/** TestimonialsEditor is the testimonials, each editable with its quote in both languages side by side. */
export function TestimonialsEditor() {
  const lang = useLanguage();
  return <ItemList kind="testimonials" answer={useTestimonials(lang)} field="testimonials" blank={() => EMPTY} Form={TestimonialForm} />;
}

/** TestimonialForm edits one testimonial (or a new one, without id): Save, and Delete once it exists. */
export function TestimonialForm({ item, onSaved, onCancel, reload }) {
  const lang = useLanguage();
  const t = useContentTexts();
  const id = useId();
  const [form, setForm] = useState(item);
  const [save, saveState] = useRequestOnce();
  const [remove, removeState] = useRequestOnce();
  const submit = (e) => {
    e.preventDefault();
    save.run('save', () => saveTestimonial(testimonialInput(form), lang)).then((saved) => saved && onSaved?.(saved));
  };
  const input = (name, label, value, onChange, control) => {
    const error = fieldError(null, saveState.error, name);
    const props = { id: `${id}-${name}`, value, onChange: (e) => onChange(e.target.value), 'aria-invalid': error ? 'true' : undefined, 'aria-describedby': error ? `${id}-${name}-error` : undefined };
    return (
      <div className="field" key={name}>
        <label htmlFor={props.id}>{label}</label>
        {control(props)}
        {error && <p id={`${id}-${name}-error`} className="field__error">{error}</p>}
      </div>
    );
  };
  const setQuote = (l) => (v) => setForm((f) => ({ ...f, quote: { ...f.quote, [l]: v } }));
  return (
    <form className="staff-detail staff-item" onSubmit={submit} noValidate data-testimonial-id={item.id ?? 'new'}>
      <div className="staff-pair">
        {['tr', 'en'].map((l) => input(`quote.${l}`, `${t('testimonials.quote')} (${t(l)})`, form.quote?.[l] ?? '', setQuote(l), (p) => <textarea rows={4} maxLength={1000} required {...p} />))}
      </div>
      <div className="staff-pair">
        {TEXT_FIELDS.map((k) => input(k, t(`testimonials.${k}`), form[k] ?? '', (v) => setForm((f) => ({ ...f, [k]: v })), (p) => <input type="text" maxLength={120} {...p} />))}
        {input('rating', t('testimonials.rating'), String(form.rating ?? ''), (v) => setForm((f) => ({ ...f, rating: v })), (p) => (
          <select {...p}>
            {[5, 4, 3, 2, 1].map((r) => (
              <option key={r} value={r}>{'★'.repeat(r)} {r}</option>
            ))}
          </select>
        ))}
      </div>
      <SaveError error={saveState.error} reload={reload} />
      <div className="staff-actions">
        <SaveButton state={saveState} />
        {onCancel && (
          <button type="button" className="button button--small button--ghost" onClick={onCancel}>
            {t('cancel')}
          </button>
        )}
        {item.id && (
          <ActionButton request={remove} state={removeState} what="delete" ghost send={() => (window.confirm(t('confirmDelete')) ? deleteTestimonial(item.id, lang).then(() => ({ deleted: true })) : null)} onDone={() => onSaved?.(null)}>
            {t('delete')}
          </ActionButton>
        )}
      </div>
      <ActionError state={removeState} />
    </form>
  );
}
