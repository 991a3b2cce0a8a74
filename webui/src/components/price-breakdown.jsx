import { useId } from 'react';
import { useLanguage } from '../lib/language.jsx';
import { useTax } from '../lib/api/tax.js';
import { moneyText } from '../lib/format.js';
import { usePriceBreakdownTexts } from './price-breakdown-texts.js';
import './price-breakdown.css';

/** noteKey says which note goes under the figures: who pays KDV, by what the answer was based on. */
export function noteKey(tax) {
  if (!tax) return '';
  if (tax.basis === 'profile') return tax.inTurkey ? 'turkey' : 'abroad';
  if (tax.basis === 'country') return tax.inTurkey ? 'previewTurkey' : 'previewAbroad';
  return 'default';
}

/**
 * PriceBreakdown shows what a price comes to: net, KDV (or the export exemption for a customer
 * billed abroad) and the total to be paid, in the price's currency, as svc-billing's tax preview
 * works them out, the same figures the invoice will carry. total and totalUsd are the Money of a
 * quote, an order or an estimate; country previews billing details being typed (else the
 * signed-in customer's saved details decide, and a visitor sees the default with a note).
 * title heads it ("Amount to pay"): true for an h3, or the heading's level.
 */
export function PriceBreakdown({ total, totalUsd, country, title = false }) {
  const lang = useLanguage();
  const t = usePriceBreakdownTexts();
  const id = useId();
  const { data: tax, error, isValidating } = useTax({ total, totalUsd, country }, lang);
  if (!total) return null;
  const Heading = `h${typeof title === 'number' ? title : 3}`;
  const heading = title && (
    <Heading id={`${id}-title`} className="price-breakdown__title">
      {t('title')}
    </Heading>
  );
  if (!tax) {
    return (
      <div className="price-breakdown" data-testid="price-breakdown" data-state={error ? 'error' : 'pending'}>
        {heading}
        {/* no live region of its own: the prices around it (calculator, wizard) announce themselves */}
        <p className="price-breakdown__note">
          {t(error ? 'failed' : 'loading')}
        </p>
      </div>
    );
  }
  const line = (kind, label, money) => (
    <div className={`price-breakdown__line price-breakdown__line--${kind}`} data-line={kind}>
      <dt>{label}</dt>
      <dd data-amount={money?.amount} data-currency={money?.currency}>
        {money?.formatted || moneyText(lang, money)}
      </dd>
    </div>
  );
  return (
    <div
      className="price-breakdown"
      data-testid="price-breakdown"
      data-state="done"
      data-basis={tax.basis}
      data-in-turkey={tax.inTurkey ? 'true' : 'false'}
      data-country={tax.country}
      aria-labelledby={title ? `${id}-title` : undefined}
      aria-busy={isValidating ? 'true' : undefined}
      role={title ? 'group' : undefined}
    >
      {heading}
      <dl className="price-breakdown__lines">
        {line('net', t('net'), tax.net)}
        {line('vat', tax.vatLabel, tax.vat)}
        {line('total', t('total'), tax.total)}
      </dl>
      <p className="price-breakdown__note" data-note={noteKey(tax)}>
        {t(`notes.${noteKey(tax)}`)}
      </p>
    </div>
  );
}
