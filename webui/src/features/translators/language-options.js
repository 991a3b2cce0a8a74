// The catalogue's languages as select options, named in the page's language and sorted by it.
export function languageOptions(languages, lang) {
  const collator = new Intl.Collator(lang === 'en' ? 'en' : 'tr');
  return (languages ?? [])
    .map((l) => ({ value: l.code, label: (lang === 'en' ? l.nameEn : l.nameTr) || l.code }))
    .sort((a, b) => collator.compare(a.label, b.label));
}
