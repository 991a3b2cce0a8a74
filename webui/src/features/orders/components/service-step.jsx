import { useLanguage } from '../../../lib/language.jsx';
import { useOrdersContext } from '../orders-context.jsx';
import { useOrdersTexts } from '../texts.js';
import { OrderStep } from './order-step.jsx';
import { TargetLanguages } from './target-languages.jsx';
import { FieldError } from './wizard-fields.jsx';

/**
 * ServiceStep is the wizard's first step: the service (choosing another one moves to its
 * address through onServiceChange), the source language and the target languages.
 */
export function ServiceStep({ fields, services, serviceId, onServiceChange, draft, onChange }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  const { languages, languageName } = useOrdersContext();
  return (
    <OrderStep id={fields.id('step1')} number={1} title={t('steps.service')}>
      <div className="field">
        <label htmlFor={fields.id('service')}>{t('service')}</label>
        <select
          id={fields.id('service')}
          name="service"
          value={serviceId}
          onChange={(e) => onServiceChange(e.target.value)}
          aria-invalid={fields.invalid('service')}
          aria-describedby={fields.describedBy('service')}
        >
          {services.map((s) => (
            <option key={s.id} value={s.id}>
              {s.title[lang]}
            </option>
          ))}
        </select>
        <FieldError fields={fields} name="service" />
      </div>
      <div className="field">
        <label htmlFor={fields.id('source')}>{t('source')}</label>
        <select
          id={fields.id('source')}
          name="source"
          value={draft.source}
          onChange={(e) => onChange('source', e.target.value)}
          aria-invalid={fields.invalid('source')}
          aria-describedby={fields.describedBy('source')}
        >
          {languages.map((l) => (
            <option key={l.code} value={l.code}>
              {languageName(l.code)}
            </option>
          ))}
        </select>
        <FieldError fields={fields} name="source" />
      </div>
      <TargetLanguages id={fields.id('targets')} source={draft.source} targets={draft.targets} onChange={(value) => onChange('targets', value)} error={fields.error('targets')} />
    </OrderStep>
  );
}
