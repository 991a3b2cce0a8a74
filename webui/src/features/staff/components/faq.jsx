import { useId, useState } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { deleteFaq, saveFaq, useFaq } from '../api/content.js';
import { useContentTexts } from '../texts-content.js';
import { ActionButton, ActionError, useRequestOnce } from './actions.jsx';
import '../staff-editors.css';
import { ItemList, SaveButton, SaveError, fieldError } from './content-save.jsx';

export const FAQ_CATEGORIES = ['general', 'pricing', 'quality', 'delivery', 'technical'];
const BOTH = ['tr', 'en'];

/** faqInput is an item's form as the service takes it: texts trimmed, order a number, the version it was loaded at. */
export function faqInput(item) {
  const text = (v) => ({ tr: (v?.tr ?? '').trim(), en: (v?.en ?? '').trim() });
  const out = { category: item.category, order: Number(item.order) || 0, question: text(item.question), answer: text(item.answer) };
  return item.id ? { ...out, id: item.id, version: item.version } : out;
}

/** FaqEditor is the FAQ: every item editable in both languages side by side, a new one added on top. */
export function FaqEditor() {
  const lang = useLanguage();
  const blank = (items) => ({ category: 'general', order: (items.at(-1)?.order ?? 0) + 10, question: { tr: '', en: '' }, answer: { tr: '', en: '' } });
  return <ItemList kind="faq" answer={useFaq(lang)} field="items" blank={blank} Form={FaqItemForm} />;
}

/** FaqItemForm edits one item (or a new one, without id): Save, and Delete once it exists. */
export function FaqItemForm({ item, onSaved, onCancel, reload }) {
  const lang = useLanguage();
  const t = useContentTexts();
  const id = useId();
  const [form, setForm] = useState(item);
  const [save, saveState] = useRequestOnce();
  const [remove, removeState] = useRequestOnce();
  const setText = (group, l) => (e) => setForm((f) => ({ ...f, [group]: { ...f[group], [l]: e.target.value } }));
  const submit = (e) => {
    e.preventDefault();
    save.run('save', () => saveFaq(faqInput(form), lang)).then((saved) => saved && onSaved?.(saved));
  };
  const err = (name) => fieldError(null, saveState.error, name);
  const text = (group, l, multiline) => {
    const name = `${group}.${l}`;
    const error = err(name);
    const props = { id: `${id}-${name}`, value: form[group]?.[l] ?? '', onChange: setText(group, l), required: true, 'aria-invalid': error ? 'true' : undefined, 'aria-describedby': error ? `${id}-${name}-error` : undefined };
    return (
      <div className="field" key={name}>
        <label htmlFor={props.id}>{`${t(`faq.${group}`)} (${t(l)})`}</label>
        {multiline ? <textarea rows={4} maxLength={5000} {...props} /> : <input type="text" maxLength={300} {...props} />}
        {error && <p id={`${id}-${name}-error`} className="field__error">{error}</p>}
      </div>
    );
  };
  return (
    <form className="staff-detail staff-item" onSubmit={submit} noValidate data-faq-id={item.id ?? 'new'}>
      <div className="staff-pair">
        <div className="field">
          <label htmlFor={`${id}-category`}>{t('faq.category')}</label>
          <select id={`${id}-category`} value={form.category} onChange={(e) => setForm((f) => ({ ...f, category: e.target.value }))}>
            {FAQ_CATEGORIES.map((c) => (
              <option key={c} value={c}>{t(`faq.categories.${c}`)}</option>
            ))}
          </select>
          {err('category') && <p className="field__error">{err('category')}</p>}
        </div>
        <div className="field">
          <label htmlFor={`${id}-order`}>{t('faq.order')}</label>
          <input id={`${id}-order`} type="number" min={0} max={10000} value={form.order} onChange={(e) => setForm((f) => ({ ...f, order: e.target.value }))} />
          {err('order') && <p className="field__error">{err('order')}</p>}
        </div>
      </div>
      <div className="staff-pair">{BOTH.map((l) => text('question', l, false))}</div>
      <div className="staff-pair">{BOTH.map((l) => text('answer', l, true))}</div>
      <SaveError error={saveState.error} reload={reload} />
      <div className="staff-actions">
        <SaveButton state={saveState} />
        {onCancel && (
          <button type="button" className="button button--small button--ghost" onClick={onCancel}>
            {t('cancel')}
          </button>
        )}
        {item.id && (
          <ActionButton request={remove} state={removeState} what="delete" ghost send={() => (window.confirm(t('confirmDelete')) ? deleteFaq(item.id, lang).then(() => ({ deleted: true })) : null)} onDone={() => onSaved?.(null)}>
            {t('delete')}
          </ActionButton>
        )}
      </div>
      <ActionError state={removeState} />
    </form>
  );
}
