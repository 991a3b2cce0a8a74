import { useId, useState } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { CENTI_CENTS, parseDecimal } from '../api/prices.js';
import { usePricesTexts } from '../texts-prices.js';

/**
 * AddPair gives a language pair its own rate: the service from the list, the two languages from
 * the catalogue's list (languages: { code, nameTr, nameEn }), never typed; a language the list
 * does not price yet is said to enter at tier 1. onAdd({ service, source, target }, centi-cents).
 */
export function AddPair({ list, languages, name, serviceName, onAdd }) {
  const lang = useLanguage();
  const t = usePricesTexts();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [pair, setPair] = useState({ service: '', source: '', target: '', rate: '' });
  const [error, setError] = useState('');
  const sorted = [...(languages ?? [])].sort((a, b) => name(a.code).localeCompare(name(b.code), lang));
  if (!open) {
    return (
      <button type="button" className="button button--small button--ghost price-add-open" onClick={() => setOpen(true)} aria-expanded="false" data-action="add-pair-open">
        {t('addPair')}
      </button>
    );
  }
  const submit = (e) => {
    e.preventDefault();
    const rate = parseDecimal(pair.rate, CENTI_CENTS);
    if (!pair.service || !pair.source || !pair.target || pair.source === pair.target) return setError(t('errors.pair'));
    if (!rate) return setError(t('errors.rate'));
    setError('');
    onAdd({ service: pair.service, source: pair.source, target: pair.target }, rate);
    setPair({ service: '', source: '', target: '', rate: '' });
    setOpen(false);
  };
  const unpriced = [pair.source, pair.target].filter((c) => c && !(c in list.languageTiers));
  const select = (k, label, options) => (
    <div className="field">
      <label htmlFor={`${id}-${k}`}>{label}</label>
      <select id={`${id}-${k}`} value={pair[k]} onChange={(e) => setPair({ ...pair, [k]: e.target.value })} data-field={k}>
        <option value="">{t('choose')}</option>
        {options}
      </select>
    </div>
  );
  const languageOptions = sorted.map((l) => (
    <option key={l.code} value={l.code}>
      {`${name(l.code)} (${l.code})`}
    </option>
  ));
  return (
    <form className="price-add" onSubmit={submit} noValidate aria-labelledby={`${id}-title`} data-testid="add-pair">
      <p id={`${id}-title`} className="price-bulk__title">
        {t('addPairTitle')}
      </p>
      <div className="price-add__fields">
        {select(
          'service',
          t('service'),
          list.services.map((s) => (
            <option key={s.service} value={s.service}>
              {serviceName(s.service)}
            </option>
          )),
        )}
        {select('source', t('source'), languageOptions)}
        {select('target', t('target'), languageOptions)}
        <div className="field">
          <label htmlFor={`${id}-rate`}>{`${t('rate')} (USD)`}</label>
          <input id={`${id}-rate`} type="text" inputMode="decimal" autoComplete="off" value={pair.rate} onChange={(e) => setPair({ ...pair, rate: e.target.value })} data-field="rate" />
        </div>
      </div>
      {unpriced.map((c) => (
        <p key={c} className="field__hint">
          {t('newLanguage', { name: name(c) })}
        </p>
      ))}
      {error && (
        <p className="field__error" role="alert">
          {error}
        </p>
      )}
      <div className="staff-actions">
        <button type="submit" className="button button--small" data-action="add-pair">
          {t('add')}
        </button>
        <button type="button" className="button button--small button--ghost" onClick={() => setOpen(false)}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
