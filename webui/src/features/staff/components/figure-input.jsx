import { useEffect, useRef, useState } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { decimalText, parseDecimal } from '../api/prices.js';

/**
 * FigureInput is one figure of the price list typed as a decimal in the page's language
 * ("0,085") and kept as an integer of minor units with digits decimals: each keystroke that makes
 * a figure is committed at once (onCommit), so the draft is always numbers; one that does not is
 * reported (onInvalid(true)) and shown as error. shown is what to show for value when it is not
 * a whole number of minor units (a tier's derived rate); optional figures may be left empty (0).
 */
export function FigureInput({ id, value, digits, onCommit, onInvalid, error, label, labelledBy, shown, optional = false, positive = false, field, width = '8rem', describedBy }) {
  const lang = useLanguage();
  const format = () => (shown ?? (optional && !value ? '' : decimalText(value, digits, lang)));
  const [text, setText] = useState(format);
  const focused = useRef(false);
  // The draft changed from elsewhere (a bulk change, a discard): show it unless being typed in.
  useEffect(() => {
    if (!focused.current) setText(format());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, shown, lang]);
  const change = (next) => {
    setText(next);
    if (optional && next.trim() === '') {
      onInvalid?.(false);
      onCommit(0);
      return;
    }
    const v = parseDecimal(next, digits);
    const bad = v === null || (positive && v === 0);
    onInvalid?.(bad);
    if (!bad && v !== value) onCommit(v);
  };
  return (
    <input
      id={id}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      className="price-figure"
      style={{ maxWidth: width }}
      value={text}
      aria-label={label}
      aria-labelledby={labelledBy}
      aria-invalid={error ? 'true' : undefined}
      aria-describedby={describedBy}
      data-field={field}
      onFocus={() => {
        focused.current = true;
      }}
      onBlur={() => {
        focused.current = false;
        if (!error) setText(format());
      }}
      onChange={(e) => change(e.target.value)}
    />
  );
}
