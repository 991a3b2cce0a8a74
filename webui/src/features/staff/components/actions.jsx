import { useId, useState, useSyncExternalStore } from 'react';
import { createRequestOnce } from '../../../lib/request-once.js';
import { errorText, useStaffTexts } from '../texts.js';
import { reasonBody } from '../reason.js';

/**
 * useRequestOnce is a row's request state (createRequestOnce): a double click joins the request
 * under way, so one click is one request. request may be given (tests, a shared one).
 */
export function useRequestOnce(given) {
  const [own] = useState(() => given ?? createRequestOnce());
  const state = useSyncExternalStore(own.subscribe, own.getSnapshot, own.getSnapshot);
  return [own, state];
}

/** ActionButton runs send() once per click under the label what; it is disabled while any request of the row is under way. */
export function ActionButton({ request, state, what, send, onDone, ghost = false, children }) {
  const t = useStaffTexts();
  const click = () => request.run(what, () => send()).then((result) => result && onDone?.(result));
  return (
    <button type="button" className={`button button--small${ghost ? ' button--ghost' : ''}`} disabled={!!state.busy} aria-busy={state.busy === what || undefined} onClick={click} data-action={what}>
      {state.busy === what ? t('common.sending') : children}
    </button>
  );
}

/** ActionError is the row's failed request in the page's language, announced. */
export function ActionError({ state }) {
  const t = useStaffTexts();
  if (!state.error) return null;
  return (
    <p className="field__error" role="alert">
      {errorText(t, state.error)}
    </p>
  );
}

/**
 * RejectForm asks for the reason of a rejection before it sends one: opened from its button, a
 * labelled dialog with a required reason (1–max characters); send(reason) makes the call. what
 * and words make it the form of another action that needs a reason (a suspension): words.open
 * (the button), title, reason (the label), hint and send, each a text in the page's language.
 */
export function RejectForm({ request, state, send, onDone, max = 500, open: initiallyOpen = false, what = 'reject', words = {} }) {
  const t = useStaffTexts();
  const id = useId();
  const [open, setOpen] = useState(initiallyOpen);
  const [reason, setReason] = useState('');
  const [error, setError] = useState('');
  const w = { open: t('common.reject'), title: t('common.rejectTitle'), reason: t('common.reason'), hint: t('common.reasonHint'), send: t('common.sendReject'), ...words };
  if (!open) {
    return (
      <button type="button" className="button button--small button--ghost" disabled={!!state.busy} onClick={() => setOpen(true)} aria-haspopup="dialog" data-action={`${what}-open`}>
        {w.open}
      </button>
    );
  }
  const submit = (event) => {
    event.preventDefault();
    const checked = reasonBody(reason, max);
    if (checked.error) {
      setError(t(`common.${checked.error}`, { max }));
      return;
    }
    setError('');
    request.run(what, () => send(checked.body.reason)).then((result) => {
      if (!result) return;
      setOpen(false);
      setReason('');
      onDone?.(result);
    });
  };
  return (
    <form className="staff-reject" role="dialog" aria-labelledby={`${id}-title`} onSubmit={submit} noValidate data-testid={`${what}-form`}>
      <p id={`${id}-title`} className="staff-reject__title">
        {w.title}
      </p>
      <div className="field">
        <label htmlFor={`${id}-reason`}>
          {w.reason}
          <span aria-hidden="true"> *</span>
        </label>
        <textarea
          id={`${id}-reason`}
          name="reason"
          rows={3}
          required
          maxLength={max}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          autoFocus
        />
        <p id={`${id}-hint`} className="field__hint">
          {w.hint}
        </p>
        {error && (
          <p id={`${id}-error`} className="field__error">
            {error}
          </p>
        )}
      </div>
      <div className="staff-actions">
        <button type="submit" className="button button--small" disabled={!!state.busy}>
          {state.busy === what ? t('common.sending') : w.send}
        </button>
        <button type="button" className="button button--small button--ghost" onClick={() => setOpen(false)} disabled={!!state.busy}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
