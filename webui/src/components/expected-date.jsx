import { useLanguage } from '../lib/language.jsx';
import { defineTexts } from '../lib/i18n.js';
import { formatAgencyTime, formatCalendarDate } from '../lib/delivery-date.js';
import './expected-date.css';

const texts = {
  tr: { label: 'Tahmini teslim', agencyTime: 'İstanbul saatiyle' },
  en: { label: 'Expected delivery', agencyTime: 'Istanbul time' },
};
const useDeliveryDateTexts = defineTexts('delivery-date', texts);

const useDeliveryTexts = () => useDeliveryDateTexts();

/** DeliveryDay is a calendar day ("2026-12-04") as a <time>, written in the page's language; nothing without a day. */
export function DeliveryDay({ date }) {
  const lang = useLanguage();
  const shown = formatCalendarDate(lang, date);
  return shown ? <time dateTime={date}>{shown}</time> : null;
}

/**
 * ExpectedDelivery is "Expected delivery: Fri, 4 December 2026" for date, the day svc-orders
 * expects the work delivered (an estimate's, a quote's, an order's or a job's expectedDate);
 * nothing until there is one, so a prerendered page never carries a day that was today when it
 * was built.
 */
export function ExpectedDelivery({ date, testId = 'expected-date' }) {
  const t = useDeliveryTexts();
  const lang = useLanguage();
  if (!formatCalendarDate(lang, date)) return null;
  return (
    <span className="expected-date" data-testid={testId} data-date={date}>
      {`${t('label')}: `}
      <DeliveryDay date={date} />
    </span>
  );
}

/** ExpectedDeliveryItem is the expected delivery day as a term of a summary list (<dl>); nothing without a day. */
export function ExpectedDeliveryItem({ date }) {
  const t = useDeliveryTexts();
  const lang = useLanguage();
  if (!formatCalendarDate(lang, date)) return null;
  return (
    <div data-testid="expected-date" data-date={date}>
      <dt>{t('label')}</dt>
      <dd>
        <DeliveryDay date={date} />
      </dd>
    </div>
  );
}

/** AgencyTime is a deadline on Istanbul's clock, saying so: "Fri, 4 December 2026 at 18:00 (Istanbul time)". */
export function AgencyTime({ value }) {
  const t = useDeliveryTexts();
  const lang = useLanguage();
  const shown = formatAgencyTime(lang, value);
  if (!shown) return null;
  return (
    <>
      <time dateTime={value}>{shown}</time>
      {` (${t('agencyTime')})`}
    </>
  );
}
