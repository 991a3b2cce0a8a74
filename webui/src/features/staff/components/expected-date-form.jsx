import { useId, useState } from 'react';
import { DeliveryDay } from '../../../components/expected-date.jsx';
import { AGENCY_TIME_ZONE, formatCalendarDate } from '../../../lib/delivery-date.js';
import { useLanguage } from '../../../lib/language.jsx';
import { changeExpectedDate, expectedDateBody } from '../api/orders.js';
import { useStaffExpectedDateTexts } from '../expected-date-texts.js';
import { useStaffTexts } from '../texts.js';
import { ActionError, useRequestOnce } from './actions.jsx';
import { Notice } from '../../../components/notice.jsx';

// The statuses whose expected date staff may move (svc-orders answers 409 expected_date_fixed
// for any other): paid, and its work not delivered yet.
export const DATE_MOVABLE = ['in_progress', 'assigned'];

/** NOTE_MAX is svc-orders' bound on the note the customer reads with the new date. */
export const NOTE_MAX = 1000;

/** istanbulToday is the calendar day in Istanbul ("2026-12-04"), the earliest a new expected date may be. */
export const istanbulToday = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: AGENCY_TIME_ZONE }).format(now);

/**
 * expectedDateProblems are the refusals the form can tell before sending (text keys by field): no
 * day, the day the order already has, no note. Whether the day is a business day (holidays
 * included), not past and not too far ahead is svc-orders' to say, in the page's language.
 */
export function expectedDateProblems({ expectedDate, note }, current) {
  const out = {};
  const day = (expectedDate ?? '').trim();
  if (!day) out.expectedDate = 'dateRequired';
  else if (day === current) out.expectedDate = 'sameDay';
  if (!(note ?? '').trim()) out.note = 'noteRequired';
  return out;
}

/**
 * ExpectedDateForm moves a paid order's expected delivery date, with a note the customer is
 * mailed (svc-orders POST admin/orders/{id}/expected-date). It shows the day the order has now
 * (its deadline, 18:00 that day in Istanbul, is among the order's facts); a refused day or note
 * is shown under its field in the server's words.
 */
export function ExpectedDateForm({ order, onDone, request: given }) {
  const lang = useLanguage();
  const t = useStaffExpectedDateTexts();
  const common = useStaffTexts();
  const id = useId();
  const [request, state] = useRequestOnce(given);
  const [fields, setFields] = useState({ expectedDate: order.expectedDate ?? '', note: '' });
  const [problems, setProblems] = useState({});
  const [done, setDone] = useState('');
  const set = (k) => (e) => setFields({ ...fields, [k]: e.target.value });
  const submit = (e) => {
    e.preventDefault();
    const found = expectedDateProblems(fields, order.expectedDate);
    setProblems(found);
    setDone('');
    if (Object.keys(found).length) return;
    request.run('expected-date', () => changeExpectedDate(order.id, expectedDateBody(fields.expectedDate, fields.note), lang)).then((result) => {
      if (!result) return;
      setFields({ expectedDate: result.expectedDate ?? fields.expectedDate, note: '' });
      setDone(t('done', { date: formatCalendarDate(lang, result.expectedDate) }));
      onDone?.(result);
    });
  };
  // A field's refusal: the form's own first, else the server's message for it.
  const errorOf = (k) => (problems[k] ? t(problems[k]) : state.error?.fields?.[k] ?? '');
  const describedBy = (k) => [`${id}-${k}-hint`, errorOf(k) && `${id}-${k}-error`].filter(Boolean).join(' ');
  const error = (k) =>
    errorOf(k) && (
      <p id={`${id}-${k}-error`} className="field__error">
        {errorOf(k)}
      </p>
    );
  return (
    <section className="staff-expected-date" aria-labelledby={`${id}-title`} data-testid="expected-date-form" data-date={order.expectedDate ?? ''}>
      <h3 id={`${id}-title`}>{t('title')}</h3>
      <dl className="staff-facts">
        <div>
          <dt>{t('current')}</dt>
          <dd data-testid="expected-date-current">{order.expectedDate ? <DeliveryDay date={order.expectedDate} /> : '–'}</dd>
        </div>
      </dl>
      <form onSubmit={submit} noValidate>
        <div className="field">
          <label htmlFor={`${id}-expectedDate`}>
            {t('date')}
            <span aria-hidden="true"> *</span>
          </label>
          <input
            id={`${id}-expectedDate`}
            name="expectedDate"
            type="date"
            min={istanbulToday()}
            value={fields.expectedDate}
            onChange={set('expectedDate')}
            required
            aria-invalid={errorOf('expectedDate') ? 'true' : undefined}
            aria-describedby={describedBy('expectedDate')}
          />
          <p id={`${id}-expectedDate-hint`} className="field__hint">
            {t('dateHint')}
          </p>
          {error('expectedDate')}
        </div>
        <div className="field">
          <label htmlFor={`${id}-note`}>
            {t('note')}
            <span aria-hidden="true"> *</span>
          </label>
          <textarea
            id={`${id}-note`}
            name="note"
            rows={3}
            maxLength={NOTE_MAX}
            value={fields.note}
            onChange={set('note')}
            required
            aria-invalid={errorOf('note') ? 'true' : undefined}
            aria-describedby={describedBy('note')}
          />
          <p id={`${id}-note-hint`} className="field__hint">
            {t('noteHint')}
          </p>
          {error('note')}
        </div>
        <button type="submit" className="button button--small" disabled={!!state.busy} data-action="expected-date">
          {state.busy ? common('common.sending') : t('send')}
        </button>
      </form>
      {done && <Notice>{done}</Notice>}
      <ActionError state={state} />
    </section>
  );
}
