import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { path } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { defineTexts } from '../../../lib/i18n.js';
import { loadChunk } from '../../../lib/lazy-chunk.js';
import { Loading } from '../../../components/loading.jsx';
import { QuantityField } from '../../../components/quantity-field.jsx';
import { PriceBreakdown } from '../../../components/price-breakdown.jsx';
import { useLanguages } from '../../../lib/api/get-languages.js';
import { ExpectedDelivery } from '../../../components/expected-date.jsx';
import { expectedDay, initialValues, unitOf, URGENCIES } from '../calculator.js';

const texts = {
  tr: {
    service: 'Hizmet türü',
    source: 'Kaynak dil',
    target: 'Hedef dil',
    urgency: 'Teslim hızı',
    urgencies: { normal: 'Normal (3-5 gün)', urgent: 'Acil (1-2 gün)' },
    price: 'Tahmini fiyat',
    noPrice: 'Fiyat henüz hesaplanmadı',
    delivery: 'Teslim süresi',
    days: '{{min}}-{{max}} gün',
    daysExact: '{{count}} gün',
    note: 'Bu fiyat tahminidir; kesin fiyat, dosyalarınız incelendikten sonra teklifte yer alır.',
    failed: 'Fiyat şu anda hesaplanamıyor; lütfen biraz sonra yeniden deneyin.',
    order: 'Sipariş verin',
  },
  en: {
    service: 'Service type',
    source: 'Source language',
    target: 'Target language',
    urgency: 'Delivery',
    urgencies: { normal: 'Normal (3-5 days)', urgent: 'Urgent (1-2 days)' },
    price: 'Estimated price',
    noPrice: 'No price yet',
    delivery: 'Delivery time',
    days: '{{min}}-{{max}} days',
    daysExact_one: '{{count}} day',
    daysExact_other: '{{count}} days',
    note: 'This price is an estimate; the exact price is in the quote once your files have been reviewed.',
    failed: 'The price cannot be calculated right now; please try again shortly.',
    order: 'Place an order',
  },
};
const usePricingTexts = defineTexts('pricing', texts);

const loadEstimator = () => loadChunk('price-estimator', () => import('../price-estimator.js'));

/**
 * PriceCalculator is the live price estimate of spec §3 and §9. Its first render depends only on
 * the page's language and prerendered catalogue data; after hydration it loads the estimator and
 * asks svc-orders for prices in currency. The route passes in the catalogue's services and the
 * header's display currency, which other features own.
 */
export function PriceCalculator({ services, currency }) {
  const lang = useLanguage();
  const t = usePricingTexts();
  const id = useId();
  const { languages } = useLanguages();
  const [values, setValues] = useState(() => initialValues(lang));
  const [result, setResult] = useState({ status: 'idle' });
  const [units, setUnits] = useState(null);
  const [estimator, setEstimator] = useState(null);

  // Effects run only in the browser, after hydration.
  useEffect(() => {
    let active = true;
    let made = null;
    loadEstimator().then(
      (m) => {
        if (!active) return;
        made = m.createPriceEstimator({
          lang,
          // A new question keeps the last price on screen, marked busy, until its answer arrives.
          onChange: (s) => setResult((prev) => (s.status === 'pending' ? { ...prev, status: 'pending' } : s)),
        });
        setEstimator(made);
        m.getServiceUnits().then(
          (u) => active && setUnits(u),
          () => {}, // the estimate's own unit and the default label serve meanwhile
        );
      },
      (err) => {
        if (!active) return;
        console.error(err);
        setResult({ status: 'error', fields: {}, message: null });
      },
    );
    return () => {
      active = false;
      made?.dispose();
    };
  }, [lang]);

  useEffect(() => {
    estimator?.update(values, currency);
  }, [estimator, values, currency]);

  if (!services || !languages) return <Loading />;

  const set = (field) => (e) => setValues((v) => ({ ...v, [field]: e.target.value }));
  const errors = result.fields ?? {};
  const estimate = result.status === 'error' ? null : result.estimate;
  const unit = unitOf(values.service, units, estimate);
  const slug = services.find((s) => s.id === values.service)?.slug[lang];
  const fieldId = (name) => `${id}-${name}`;
  const described = (name, hint) => [hint && `${fieldId(name)}-hint`, errors[name] && `${fieldId(name)}-error`].filter(Boolean).join(' ') || undefined;
  const invalid = (name) => (errors[name] ? 'true' : undefined);
  const error = (name) =>
    errors[name] && (
      <p id={`${fieldId(name)}-error`} className="field__error">
        {errors[name]}
      </p>
    );
  const days = estimate?.deliveryWindow;

  const select = (name, options) => (
    <div className="field">
      <label htmlFor={fieldId(name)}>{t(name)}</label>
      <select id={fieldId(name)} name={name} value={values[name]} onChange={set(name)} aria-invalid={invalid(name)} aria-describedby={described(name)}>
        {options}
      </select>
      {error(name)}
    </div>
  );
  const languageOptions = languages.map((l) => (
    <option key={l.code} value={l.code}>
      {lang === 'en' ? l.nameEn : l.nameTr}
    </option>
  ));

  return (
    <div className="calculator__form" data-testid="price-calculator">
      {select(
        'service',
        services.map((s) => (
          <option key={s.id} value={s.id}>
            {s.title[lang]}
          </option>
        )),
      )}
      <div className="calculator__row">
        {select('source', languageOptions)}
        {select('target', languageOptions)}
      </div>
      <QuantityField id={fieldId('quantity')} unit={unit} value={values.quantity} onChange={set('quantity')} error={errors.quantity} />
      <fieldset className="calculator__urgency" aria-describedby={described('urgency')}>
        <legend>{t('urgency')}</legend>
        {URGENCIES.map((u) => (
          <label key={u} className="choice">
            <input type="radio" name={fieldId('urgency')} value={u} checked={values.urgency === u} onChange={set('urgency')} />
            {t(`urgencies.${u}`)}
            <ExpectedDelivery date={expectedDay(estimate, u)} testId={`expected-date-${u}`} />
          </label>
        ))}
        {error('urgency')}
      </fieldset>
      <div className="calculator__result" role="status" aria-busy={result.status === 'pending'} data-state={result.status}>
        <p className="calculator__label">{t('price')}</p>
        <p className="calculator__price" data-amount={estimate?.total.amount} data-currency={estimate?.total.currency}>
          {estimate ? (
            estimate.total.formatted
          ) : (
            <>
              <span aria-hidden="true">—</span>
              <span className="visually-hidden">{t('noPrice')}</span>
            </>
          )}
        </p>
        {estimate && <PriceBreakdown total={estimate.total} totalUsd={estimate.totalUsd} />}
        <p className="calculator__delivery">
          {t('delivery')}:{' '}
          {days ? (days.minDays === days.maxDays ? t('daysExact', { count: days.minDays }) : t('days', { min: days.minDays, max: days.maxDays })) : '—'}
        </p>
        {result.status === 'error' && <p className="field__error">{result.message ?? t('failed')}</p>}
      </div>
      <p className="field__hint">{estimate?.note ?? t('note')}</p>
      <div>
        <Link className="button button--small" to={path('order', lang, ...(slug ? [slug] : []))}>
          {t('order')}
        </Link>
      </div>
    </div>
  );
}
