// While the tab is hidden its title alternates between an attention message and the page's own
// title: the message changes every 3 seconds and blinks every second (spec §2, §9).

export const ROTATE_MS = 3000;
export const BLINK_MS = 1000;

/** attentionTitle is the tab's title elapsedMs after the tab was hidden. */
export function attentionTitle(elapsedMs, messages, pageTitle) {
  if (!messages.length) return pageTitle;
  const blinkOn = Math.floor(elapsedMs / BLINK_MS) % 2 === 0;
  if (!blinkOn) return pageTitle;
  return messages[Math.floor(elapsedMs / ROTATE_MS) % messages.length];
}

/**
 * watchAttention swaps document.title while doc is hidden and restores it when shown.
 * Returns a function that stops watching.
 */
export function watchAttention(doc, messages, { setInterval: every = setInterval, clearInterval: stop = clearInterval, now = Date.now } = {}) {
  let timer = null;
  let saved = null;
  let since = 0;
  const onChange = () => {
    if (doc.hidden && timer === null) {
      saved = doc.title;
      since = now();
      doc.title = attentionTitle(0, messages, saved);
      timer = every(() => {
        doc.title = attentionTitle(now() - since, messages, saved);
      }, BLINK_MS);
    } else if (!doc.hidden && timer !== null) {
      stop(timer);
      timer = null;
      doc.title = saved;
    }
  };
  doc.addEventListener('visibilitychange', onChange);
  return () => {
    doc.removeEventListener('visibilitychange', onChange);
    if (timer !== null) {
      stop(timer);
      doc.title = saved;
    }
  };
}
