import { useLayoutEffect, useRef } from 'react';

// The app hydrates after the prerendered page's first paint, so a visitor (or the browser's
// autofill) can fill a form before React owns it. React 19.3 leaves such values in the fields
// while hydrating but sets each field back to its state at the next render (react#26974; the
// replay of change events in react#33129 is behind a flag): a login's e-mail address typed in the
// first second was gone a moment later. A form takes them into its state as it mounts instead.

/**
 * typedIn is what formEl's fields named in initial hold that differs from initial (a checkbox's
 * checkedness for a boolean; fields whose initial value is neither are skipped), or null when
 * nothing does.
 */
export function typedIn(formEl, initial) {
  if (!formEl) return null;
  const found = {};
  for (const [name, start] of Object.entries(initial)) {
    // Text and check fields only: a list or a file is not a field's value.
    if (typeof start !== 'string' && typeof start !== 'boolean') continue;
    const field = formEl.elements.namedItem(name);
    if (!field || field.type === 'file') continue;
    const now = typeof start === 'boolean' ? field.checked : field.value;
    if (now !== undefined && now !== start) found[name] = now;
  }
  return Object.keys(found).length ? found : null;
}

/**
 * useAdoptTyped gives adopt(found) what the form's fields held when it mounted (typedIn), once. A
 * layout effect, so the state holds it before any render could set the fields back; on a form
 * mounted afresh the fields hold their initial values and nothing happens.
 */
export function useAdoptTyped(form, initial, adopt) {
  const done = useRef(false);
  useLayoutEffect(() => {
    if (done.current) return;
    done.current = true;
    const found = typedIn(form.current, initial);
    if (found) adopt(found);
  });
}
