// A sound-free notice in the tab's title: "(2) Yeni mesaj – Canlı destek – Yönetim" while there
// is something to look at. Unlike attention.js it neither blinks nor rotates.

const NOTICE = /^\(\d+\) [^–]+ – /;
export const stripNotice = (title) => title.replace(NOTICE, '');
/** noticeTitle puts "(count) word – " before title; word may be a function of the count (a plural). */
export const noticeTitle = (count, word, title) =>
  count > 0 ? `(${count}) ${typeof word === 'function' ? word(count) : word} – ${stripNotice(title)}` : stripNotice(title);

/**
 * keepTitleNotice applies the notice to doc.title and keeps it there when the page sets a title
 * of its own (a route change) or the tab is hidden or shown, until stop() is called. want()
 * answers the count to show now (0: none); update() applies it again after it changed.
 */
export function keepTitleNotice(doc, word, want, Observer = globalThis.MutationObserver) {
  const apply = () => {
    const next = noticeTitle(want(), word, doc.title);
    if (next !== doc.title) doc.title = next;
  };
  apply();
  const head = doc.head;
  const observer = Observer && head ? new Observer(apply) : null;
  observer?.observe(head, { subtree: true, childList: true, characterData: true });
  doc.addEventListener('visibilitychange', apply);
  return {
    update: apply,
    stop() {
      observer?.disconnect();
      doc.removeEventListener('visibilitychange', apply);
      doc.title = stripNotice(doc.title);
    },
  };
}
