import { isStale } from '../api/content.js';
import { errorText, useStaffTexts } from '../texts.js';
import { useContentTexts } from '../texts-content.js';

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
