import useSWR from 'swr';
import { answerWith } from '../swr-answer.js';
import { useLanguage } from '../language.jsx';

// The catalogue's working languages, which the home calculator and the order wizard both offer.
export const languagesKey = '/api/v1/catalog/languages';

/** useLanguages is the catalogue's working languages ({ code, nameTr, nameEn }), prerendered with the page. */
export function useLanguages() {
  return answerWith(useSWR(languagesKey), 'languages', (data) => data?.languages);
}

/** useLanguageName names a catalogue language code in the page's language (the code when unknown). */
export function useLanguageName() {
  const lang = useLanguage();
  const { languages } = useLanguages();
  return (code) => {
    const l = languages?.find((x) => x.code === code);
    return (l && (lang === 'en' ? l.nameEn : l.nameTr)) || code;
  };
}
