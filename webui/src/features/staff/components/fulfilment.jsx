import { useId, useState } from 'react';
import { formatMoment } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useStaffNames } from '../api/audit.js';
import { fulfilmentBody, recordStep } from '../api/orders.js';
import { useStaffOrdersTexts } from '../orders-texts.js';
import { useStaffTexts } from '../texts.js';
import { ActionError, useRequestOnce } from './actions.jsx';
import { Notice } from '../../../components/notice.jsx';

/**
 * fulfilmentProblems are the local refusals of a step before it is sent: shipped needs the courier
 * and the tracking number (the server says the same in the page's language).
 */
export function fulfilmentProblems(step, { courier = '', trackingNumber = '' } = {}) {
  if (step !== 'shipped') return {};
  const out = {};
  if (!courier.trim()) out.courier = 'fulfilment.courierRequired';
  if (!trackingNumber.trim()) out.trackingNumber = 'fulfilment.trackingRequired';
  return out;
}

/**
 * FulfilmentPanel is the paper work of a sworn, notary or apostille order: every step it needs,
 * done (when, by whom) or waiting, and a form recording the next one (courier and tracking number
 * for shipped). Steps are recorded in order only; svc-orders refuses any other.
 */
export function FulfilmentPanel({ order, onDone, request: given }) {
  const lang = useLanguage();
  const t = useStaffOrdersTexts();
  const common = useStaffTexts();
  const id = useId();
  const [request, state] = useRequestOnce(given);
  const [fields, setFields] = useState({ courier: '', trackingNumber: '', note: '' });
  const [problems, setProblems] = useState({});
  const f = order.fulfilment;
  const staffName = useStaffNames(lang, f.steps.map((s) => s.by));
  const next = f.next;
  const stepName = (s) => t(`fulfilment.steps.${s}`);
  const set = (k) => (e) => setFields({ ...fields, [k]: e.target.value });
  const submit = (e) => {
    e.preventDefault();
    const found = fulfilmentProblems(next, fields);
    setProblems(found);
    if (Object.keys(found).length) return;
    request.run('step', () => recordStep(order.id, fulfilmentBody(next, fields), lang)).then((result) => {
      if (!result) return;
      setFields({ courier: '', trackingNumber: '', note: '' });
      onDone?.(result);
    });
  };
  const field = (k, label, required) => (
    <div className="field" key={k}>
      <label htmlFor={`${id}-${k}`}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <input
        id={`${id}-${k}`}
        value={fields[k]}
        onChange={set(k)}
        maxLength={100}
        required={required}
        aria-invalid={problems[k] ? 'true' : undefined}
        aria-describedby={problems[k] ? `${id}-${k}-error` : undefined}
      />
      {problems[k] && (
        <p id={`${id}-${k}-error`} className="field__error">
          {t(problems[k])}
        </p>
      )}
    </div>
  );
  return (
    <section className="staff-fulfilment" aria-labelledby={`${id}-title`} data-testid="fulfilment" data-next={next}>
      <h3 id={`${id}-title`}>{t('fulfilment.title')}</h3>
      <ol className="timeline">
        {f.steps.map((s) => (
          <li key={s.step} data-step={s.step} data-done={s.done ? 'true' : 'false'}>
            <span className="timeline__status">{stepName(s.step)}</span>{' '}
            {s.done ? <time dateTime={s.at}>{formatMoment(lang, s.at)}</time> : <span>{t('fulfilment.waiting')}</span>}
            {s.by && <span data-by={s.by}>{` · ${staffName(s.by) || t('orders.staffMember')}`}</span>}
            {s.note && <p className="timeline__note">{s.note}</p>}
          </li>
        ))}
      </ol>
      {f.trackingNumber && (
        <p data-testid="staff-tracking">
          {`${t('fulfilment.courier')}: ${f.courier} · ${t('fulfilment.tracking')}: ${f.trackingNumber}`}
        </p>
      )}
      {next ? (
        <form onSubmit={submit} noValidate>
          <p>{t('fulfilment.next', { step: stepName(next) })}</p>
          {next === 'shipped' && [field('courier', t('fulfilment.courier'), true), field('trackingNumber', t('fulfilment.tracking'), true)]}
          {field('note', t('fulfilment.note'), false)}
          <button type="submit" className="button button--small" disabled={!!state.busy} data-action="step">
            {state.busy ? common('common.sending') : t('fulfilment.record', { step: stepName(next) })}
          </button>
        </form>
      ) : (
        <p>{t('fulfilment.allDone')}</p>
      )}
      {state.result && <Notice>{t('fulfilment.recorded')}</Notice>}
      <ActionError state={state} />
    </section>
  );
}
