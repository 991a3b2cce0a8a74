import { useState } from 'react';
import { isStale, itemsOf } from '../api/content.js';
import { errorText, useStaffTexts } from '../texts.js';
import { useContentTexts } from '../texts-content.js';
import { ListState } from './list-state.jsx';
import { Notice } from '../../../components/notice.jsx';

/**
 * fieldError is what a form shows under one field: the page's own check first, else the
 * server's message for that field (ApiError.fields, keyed like "question.tr").
 */
export const fieldError = (local, error, name) => local?.[name] || error?.fields?.[name] || '';

/**
 * SaveError is a failed save: a stale version (someone saved since this was loaded) says so and
 * offers to load the latest, anything else shows the server's words. reload: that load.
 */
export function SaveError({ error, reload }) {
  const t = useContentTexts();
  const ts = useStaffTexts();
  if (!error) return null;
  if (isStale(error)) {
    return (
      <div role="alert" className="staff-state" data-stale="true">
        <p>{t('stale')}</p>
        {reload && (
          <button type="button" className="button button--small button--ghost" onClick={() => reload()} data-action="reload">
            {t('reload')}
          </button>
        )}
      </div>
    );
  }
  // Field errors show beside their fields; the message above says the save failed.
  return (
    <p className="field__error" role="alert">
      {errorText(ts, error)}
    </p>
  );
}

/** SaveButton submits its form, saying so while the save is under way. */
export function SaveButton({ state, children }) {
  const t = useContentTexts();
  return (
    <button type="submit" className="button button--small" disabled={!!state.busy} aria-busy={state.busy === 'save' || undefined} data-action="save">
      {state.busy === 'save' ? t('saving') : (children ?? t('save'))}
    </button>
  );
}

/**
 * ItemList is an editable list of the catalogue's items (FAQ items, testimonials): Add on top,
 * a Form per item (item, onSaved, onCancel, reload) and what the last save or delete did. A
 * saved item comes back with its new version and is drawn afresh, so the notice is the list's.
 * kind names its texts (faq.lead, faq.newItem); field is where the answer lists them; blank(items)
 * is a new item's form.
 */
export function ItemList({ kind, answer: { data, error, isLoading, mutate }, field, blank, Form }) {
  const t = useContentTexts();
  const [adding, setAdding] = useState(false);
  const [notice, setNotice] = useState('');
  const items = itemsOf(data, field);
  const reload = () => {
    setNotice('');
    return mutate();
  };
  const saved = (item) => {
    mutate();
    setNotice(item ? 'saved' : 'deleted');
  };
  return (
    <>
      <p className="lead">{t(`${kind}.lead`)}</p>
      <p>
        <button type="button" className="button button--small" onClick={() => setAdding(true)} disabled={adding} data-action="add">
          {t(`${kind}.newItem`)}
        </button>
      </p>
      {adding && (
        <Form
          item={blank(items)}
          onSaved={(item) => {
            setAdding(false);
            saved(item);
          }}
          onCancel={() => setAdding(false)}
        />
      )}
      {notice && <Notice>{t(notice)}</Notice>}
      <ListState loading={isLoading} error={error} empty={!isLoading && !error && items.length === 0} retry={mutate} />
      {items.map((item) => (
        <Form key={`${item.id}:${item.version}`} item={item} onSaved={saved} reload={reload} />
      ))}
    </>
  );
}
