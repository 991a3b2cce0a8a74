import { useLanguage } from '../../../lib/language.jsx';
import { formatNumber } from '../format.js';
import { BRIEF_MAX, briefLength } from '../order-request.js';
import { useOrdersTexts } from '../texts.js';
import { OrderStep } from './order-step.jsx';
import { FieldError } from './wizard-fields.jsx';

/** BriefStep is the wizard's last step: a note to the translator, counted against its limit as it is typed. */
export function BriefStep({ fields, draft, onChange }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  const length = briefLength(draft.brief);
  return (
    <OrderStep id={fields.id('step4')} number={4} title={t('steps.brief')}>
      <div className="field">
        <label htmlFor={fields.id('brief')}>{t('brief')}</label>
        <textarea
          id={fields.id('brief')}
          name="brief"
          rows={6}
          value={draft.brief}
          onChange={(e) => onChange('brief', e.target.value)}
          aria-invalid={fields.invalid('brief')}
          aria-describedby={fields.describedBy('brief', `${fields.id('brief')}-hint`, `${fields.id('brief')}-count`)}
        />
        <p id={`${fields.id('brief')}-hint`} className="field__hint">
          {t('briefHint')}
        </p>
        <p id={`${fields.id('brief')}-count`} className="field__hint order-step__counter" data-over={length > BRIEF_MAX ? 'true' : 'false'}>
          {t('briefCounter', { n: formatNumber(lang, length), max: formatNumber(lang, BRIEF_MAX) })}
        </p>
        <FieldError fields={fields} name="brief" />
      </div>
    </OrderStep>
  );
}
