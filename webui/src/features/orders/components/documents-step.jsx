import { QuantityField } from '../../../components/quantity-field.jsx';
import { MODES } from '../wizard-state.js';
import { useOrdersTexts } from '../texts.js';
import { FileDrop } from './file-drop.jsx';
import { OrderStep } from './order-step.jsx';

/**
 * DocumentsStep is the wizard's second step: documents uploaded and counted by the server
 * (onAddFiles, onRemoveFile; fileErrors by file id; announcement read out as uploads settle),
 * or a typed quantity in the service's unit.
 */
export function DocumentsStep({ fields, draft, onChange, unit, onAddFiles, onRemoveFile, fileErrors, announcement }) {
  const t = useOrdersTexts();
  return (
    <OrderStep id={fields.id('step2')} number={2} title={t('steps.documents')}>
      <fieldset className="choices">
        <legend>{t('mode')}</legend>
        {MODES.map((m) => (
          <label key={m} className="choice">
            <input type="radio" name={fields.id('mode')} value={m} checked={draft.mode === m} onChange={(e) => onChange('mode', e.target.value)} />
            {t(`modes.${m}`)}
          </label>
        ))}
      </fieldset>
      {draft.mode === 'files' ? (
        <FileDrop id={fields.id('files')} entries={draft.files} onAdd={onAddFiles} onRemove={onRemoveFile} error={fields.error('files')} fileErrors={fileErrors} announcement={announcement} />
      ) : (
        <QuantityField id={fields.id('quantity')} unit={unit} value={draft.quantity} onChange={(e) => onChange('quantity', e.target.value)} error={fields.error('quantity')} />
      )}
    </OrderStep>
  );
}
