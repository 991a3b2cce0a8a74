// Intl's formatters are slow to make (each looks up and prepares its locale's data) and free to
// reuse, so there is one per constructor, locale and options, made on first use. Made afresh for
// every figure, they were the largest single cost of the home page's hydration in a profile
// (formatNumber: 39 ms of script time on this machine, more than i18next's).
const made = new Map();

/** intlOf is the Intl object new Ctor(locale, opts) makes, made once per constructor, locale and options. */
export function intlOf(Ctor, locale, opts) {
  const key = `${Ctor.name}|${locale}|${opts === undefined ? '' : JSON.stringify(opts)}`;
  let it = made.get(key);
  if (it === undefined) {
    it = new Ctor(locale, opts);
    made.set(key, it);
  }
  return it;
}
