// The quantity of a price request in its service's unit, asked the same way by the home page's
// calculator and the order wizard: words, standard pages (with the page rule spelled out) or
// minutes, else a plain quantity for a unit the page does not know yet.
import { useLanguage } from '../lib/language.jsx';
import { defineTexts, textsIn } from '../lib/i18n.js';

const texts = {
  tr: {
    word: 'Kelime sayısı',
    page: 'Sayfa sayısı',
    minute: 'Süre (dakika)',
    other: 'Miktar',
    pageHint: '1 sayfa: boşluksuz 1.000 karakter.',
  },
  en: {
    word: 'Word count',
    page: 'Page count',
    minute: 'Length (minutes)',
    other: 'Quantity',
    pageHint: '1 page: 1,000 characters without spaces.',
  },
};

const QUANTITY_NS = 'quantity-field';
const useQuantityTexts = defineTexts(QUANTITY_NS, texts);

const UNITS = ['word', 'page', 'minute'];

/** quantityLabel is the field's label for a unit in lang. */
export function quantityLabel(lang, unit) {
  return textsIn(lang, QUANTITY_NS)(UNITS.includes(unit) ? unit : 'other');
}

/** QuantityField is the labelled input; error is the server's or the page's message, if any. */
export function QuantityField({ id, unit, value, onChange, error }) {
  const lang = useLanguage();
  const t = useQuantityTexts();
  const hintId = unit === 'page' ? `${id}-hint` : null;
  const errorId = error ? `${id}-error` : null;
  return (
    <div className="field">
      <label htmlFor={id}>{quantityLabel(lang, unit)}</label>
      <input
        id={id}
        name="quantity"
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={value}
        onChange={onChange}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={[hintId, errorId].filter(Boolean).join(' ') || undefined}
      />
      {hintId && (
        <p id={hintId} className="field__hint">
          {t('pageHint')}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}
