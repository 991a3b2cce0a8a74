import { useLanguage } from '../../../lib/language.jsx';
import { ExpectedDelivery } from '../../../components/expected-date.jsx';
import { URGENCIES } from '../wizard-state.js';
import { useOrdersTexts } from '../texts.js';
import { OrderStep } from './order-step.jsx';
import { FieldError } from './wizard-fields.jsx';

/**
 * DeliveryStep is the wizard's third step: normal or urgent delivery with each one's window
 * (windows(urgency) is { minDays, maxDays }) and, once the live estimate has answered, the day each
 * one is expected delivered (expectedDates: { normal: "2026-12-04", … }), and the add-ons the
 * price list offers with the service.
 */
export function DeliveryStep({ fields, draft, onChange, addOns, windows, expectedDates }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  return (
    <OrderStep id={fields.id('step3')} number={3} title={t('steps.delivery')}>
      <fieldset className="choices" aria-describedby={fields.describedBy('urgency')}>
        <legend>{t('urgency')}</legend>
        {URGENCIES.map((u) => (
          <label key={u} className="choice">
            <input type="radio" name={fields.id('urgency')} value={u} checked={draft.urgency === u} onChange={(e) => onChange('urgency', e.target.value)} />
            {t(`urgencies.${u}`, { min: windows(u).minDays, max: windows(u).maxDays })}
            <ExpectedDelivery date={expectedDates?.[u]} testId={`expected-date-${u}`} />
          </label>
        ))}
        <FieldError fields={fields} name="urgency" />
      </fieldset>
      {addOns.length > 0 && (
        <fieldset className="choices" aria-describedby={fields.describedBy('addOns')}>
          <legend>{t('addOns')}</legend>
          {addOns.map((a) => (
            <label key={a.id} className="choice">
              <input
                type="checkbox"
                name="addOns"
                value={a.id}
                checked={draft.addOns.includes(a.id)}
                onChange={(e) => onChange('addOns', e.target.checked ? [...draft.addOns, a.id] : draft.addOns.filter((x) => x !== a.id))}
              />
              {a.name?.[lang] ?? a.id}
            </label>
          ))}
          <FieldError fields={fields} name="addOns" />
        </fieldset>
      )}
    </OrderStep>
  );
}
