import { useId } from 'react';
import { useCurrency } from '../currency-context.jsx';
import { PICKER_CODES, currencyLabel } from '../currency.js';

/** CurrencyPicker is the header's currency selector (spec §2, §3); the trigger is ≥ 100px wide. */
export function CurrencyPicker({ label }) {
  const id = useId();
  const { currency, resolved, choose } = useCurrency();
  // A display currency from the visitor's country may lie outside the picker's list.
  const codes = PICKER_CODES.includes(currency) ? PICKER_CODES : [currency, ...PICKER_CODES];
  return (
    <div className="currency-picker">
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select
        id={id}
        className="currency-picker__trigger"
        value={currency}
        data-resolved={resolved ? 'true' : 'false'}
        onChange={(e) => choose(e.target.value)}
      >
        {codes.map((code) => (
          <option key={code} value={code}>
            {currencyLabel(code)}
          </option>
        ))}
      </select>
    </div>
  );
}
