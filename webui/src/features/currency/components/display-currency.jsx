import { useEffect, useState } from 'react';
import { getDisplayCurrency } from '../api/get-display-currency.js';

export function DisplayCurrency() {
  const [state, setState] = useState(null);

  useEffect(() => {
    const controller = new AbortController();
    getDisplayCurrency(controller.signal).then(setState, () => {});
    return () => controller.abort();
  }, []);

  if (!state) return <p className="display-currency" aria-live="polite">Yükleniyor...</p>;
  return (
    <p className="display-currency" aria-live="polite">
      Görüntüleme para birimi: <output data-testid="display-currency">{state.currency}</output>
      {state.country && <span> ({state.country})</span>}
    </p>
  );
}
