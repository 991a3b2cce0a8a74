// The tab's sessionStorage, or null where there is none (prerendering, a browser that refuses
// it): the wizard then simply forgets on reload.
export function sessionStore() {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readJson(storage, key) {
  try {
    const text = storage?.getItem(key);
    return text ? JSON.parse(text) : null;
  } catch {
    return null;
  }
}

export function writeJson(storage, key, value) {
  try {
    storage?.setItem(key, JSON.stringify(value));
  } catch {
    // Full or refused storage: the draft lives on in memory for this page.
  }
}

export function remove(storage, key) {
  try {
    storage?.removeItem(key);
  } catch {
    // as above
  }
}
