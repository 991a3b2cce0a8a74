import { useId, useState } from 'react';
import { formatIstanbulMoment } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { assignOrder } from '../api/orders.js';
import { useStaffRevisionTexts } from '../revision-texts.js';
import { useStaffTexts } from '../texts.js';
import { ActionError, useRequestOnce } from './actions.jsx';
import { Notice } from '../../../components/notice.jsx';

/**
 * deliveredBy is the translator who delivered the work a revision is of: the one the order is
 * with, unless staff gave the revision on since the latest delivery (revision_reassigned names who
 * had it before).
 */
export function deliveredBy(order) {
  const history = order.history ?? [];
  const lastDelivery = history.findLastIndex((h) => h.status === 'delivered');
  const given = history.slice(lastDelivery + 1).find((h) => h.step === 'revision_reassigned' && h.previousTranslatorId);
  return given ? given.previousTranslatorId : order.translatorId ?? '';
}

/** ExcludedList says, for each translator left out of the eligible list, why. */
export function ExcludedList({ excluded, nameOf = (x) => x }) {
  const t = useStaffRevisionTexts();
  if (!excluded?.length) return null;
  return (
    <div className="staff-excluded" data-testid="excluded">
      <h4>{t('excludedTitle')}</h4>
      <ul>
        {excluded.map((e) => (
          <li key={e.translatorId} data-translator-id={e.translatorId} data-reason={e.reason}>
            {`${nameOf(e.translatorId)}: ${t(`reasons.${e.reason}`, { defaultValue: t('unknownReason') })}`}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * RevisionPanel is a revision in progress as staff handle it: the customer's reason, who delivered,
 * who has it now, its deadline (in Turkey's time), whether and why it was escalated, and the two
 * ways on: send it back to the translator who has it (whatever their cap), or give it to another
 * eligible one. Both send the translator the page showed (from), so a change meanwhile answers 409.
 * giveOpen opens the choice of another translator from the start.
 */
export function RevisionPanel({ order, eligibility, nameOf = (x) => x, onDone, request: given, giveOpen = false }) {
  const lang = useLanguage();
  const t = useStaffRevisionTexts();
  const common = useStaffTexts();
  const id = useId();
  const [request, state] = useRequestOnce(given);
  const [giving, setGiving] = useState(giveOpen);
  const [chosen, setChosen] = useState('');
  const [done, setDone] = useState('');
  const current = order.translatorId ?? '';
  const delivered = deliveredBy(order);
  const others = (eligibility?.candidates ?? []).filter((c) => c.translatorId !== current);
  const send = (what, translatorId, message) =>
    request.run(what, () => assignOrder(order.id, translatorId, current, lang)).then((result) => {
      if (!result) return;
      setDone(message(result));
      setGiving(false);
      setChosen('');
      onDone?.(result);
    });
  const sendBack = () => send('send-back', '', (r) => t('sentBack', { name: nameOf(r.translatorId || current) }));
  const give = (e) => {
    e.preventDefault();
    if (chosen) send('give', chosen, (r) => t('given', { name: nameOf(r.translatorId || chosen) }));
  };
  const facts = [
    ['reason', order.revisionReason || '–'],
    ['deliveredBy', delivered ? nameOf(delivered) : '–'],
    ...(current && current !== delivered ? [['with', nameOf(current)]] : []),
    ['due', order.revisionDue ? formatIstanbulMoment(lang, order.revisionDue) : '–'],
  ];
  return (
    <section className="staff-assign staff-revision" aria-labelledby={`${id}-title`} data-testid="revision">
      <h3 id={`${id}-title`}>{t('title')}</h3>
      <dl className="staff-facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{t(k)}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      {order.revisionEscalatedAt ? (
        <p data-testid="revision-escalated" data-reason={order.revisionEscalation}>
          <strong className="staff-flag">{t('escalated')}</strong> ({formatIstanbulMoment(lang, order.revisionEscalatedAt)}):{' '}
          {t(`escalation.${order.revisionEscalation}`, { defaultValue: '' })}
        </p>
      ) : (
        <p className="field__hint">{t('notEscalated')}</p>
      )}
      <div className="staff-actions">
        {current && (
          <button type="button" className="button button--small" disabled={!!state.busy} onClick={sendBack} data-action="send-back">
            {state.busy === 'send-back' ? common('common.sending') : t('sendBack', { name: nameOf(current) })}
          </button>
        )}
        <button type="button" className="button button--small button--ghost" disabled={!!state.busy} aria-expanded={giving} onClick={() => setGiving(!giving)} data-action="give-other">
          {t('giveOther')}
        </button>
      </div>
      {current && <p className="field__hint">{t('sendBackHint')}</p>}
      {giving && (
        <div data-testid="give-other">
          <h4>{t('giveTitle')}</h4>
          {eligibility && others.length === 0 ? (
            <p>{t('noOther')}</p>
          ) : (
            <form className="staff-actions" onSubmit={give}>
              <label htmlFor={`${id}-tr`}>{t('label')}</label>
              <select id={`${id}-tr`} value={chosen} onChange={(e) => setChosen(e.target.value)} required>
                <option value="">{t('choose')}</option>
                {others.map((c) => (
                  <option key={c.translatorId} value={c.translatorId}>
                    {`${nameOf(c.translatorId)} (${t('jobs', { active: c.activeJobs, cap: c.activeJobCap })})`}
                  </option>
                ))}
              </select>
              <button type="submit" className="button button--small" disabled={!chosen || !!state.busy} data-action="give">
                {state.busy === 'give' ? common('common.sending') : t('give')}
              </button>
            </form>
          )}
          <ExcludedList excluded={eligibility?.excluded} nameOf={nameOf} />
        </div>
      )}
      {done && <Notice>{done}</Notice>}
      <ActionError state={state} />
    </section>
  );
}
