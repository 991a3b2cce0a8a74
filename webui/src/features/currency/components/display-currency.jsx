import { useEffect, useState } from 'react';
import { getDisplayCurrency } from '../api/get-display-currency.js';

export function DisplayCurrency() {
  const [currency, setCurrency] = useState(null);

  useEffect(() => {
    let active = true;
    getDisplayCurrency().then((code) => active && setCurrency(code));
    return () => {
      active = false;
    };
  }, []);

  if (!currency) return <p className="display-currency" aria-live="polite">Yükleniyor...</p>;
  return (
    <p className="display-currency" aria-live="polite">
      Görüntüleme para birimi: <output data-testid="display-currency">{currency}</output>
    </p>
  );
}
