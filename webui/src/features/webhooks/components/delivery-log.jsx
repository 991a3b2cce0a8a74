import { useId, useState } from 'react';
import { formatDate, formatNumber } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { Notice } from '../../../components/notice.jsx';
import { StatusPill } from '../../../components/status-pill.jsx';
import { replayDelivery } from '../api/webhooks.js';
import { refusalMessage } from '../refusal.js';
import { typeKey, useWebhookTexts } from '../texts.js';

/** logTime is a moment of the log as read in Istanbul, to the second: retries come seconds apart. */
export const logTime = (lang, value) => formatDate(lang, value, { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'Europe/Istanbul' });

const DELIVERY_TONES = { pending: 'wait', delivered: 'ok', failed: 'bad', held: 'muted' };
const answered = (a) => a.status >= 200 && a.status < 300;

/** prettyPayload is a delivery's body indented for reading; as sent when it is not JSON. */
export function prettyPayload(payload) {
  try {
    return JSON.stringify(JSON.parse(payload), null, 2);
  } catch {
    return String(payload ?? '');
  }
}

/**
 * DeliveryLog is an endpoint's (of space) deliveries of the last 14 days, newest first (log: useDeliveries'
 * pages), each opened to show what was sent and every attempt, and resent from there; older pages
 * load by the cursor. disabled: the endpoint is off, so nothing can be resent.
 */
export function DeliveryLog({ endpointId, space = 'live', log, disabled = false }) {
  const t = useWebhookTexts();
  const id = useId();
  const [open, setOpen] = useState(() => new Set());
  const { data: pages, error, size, setSize, mutate } = log;
  // A delivery that moved to a newer page between two loads is listed once.
  const seen = new Set();
  const deliveries = (pages ?? []).flatMap((p) => p?.deliveries ?? []).filter((d) => !seen.has(d.id) && seen.add(d.id));
  const next = pages?.at(-1)?.next;
  const loadingMore = pages !== undefined && size > pages.length;
  const toggle = (deliveryId) =>
    setOpen((was) => {
      const now = new Set(was);
      if (!now.delete(deliveryId)) now.add(deliveryId);
      return now;
    });
  return (
    <section className="webhook-log" aria-labelledby={`${id}-title`} data-testid="delivery-log">
      <h4 id={`${id}-title`}>{t('log.title')}</h4>
      <p className="field__hint">{t('log.lead')}</p>
      {error && !pages && <Notice tone="error">{refusalMessage(error, t('log.failed'))}</Notice>}
      {pages && deliveries.length === 0 && <p>{t('log.none')}</p>}
      {deliveries.length > 0 && (
        <ul className="webhook-deliveries">
          {deliveries.map((d) => (
            <DeliveryItem key={d.id} delivery={d} endpointId={endpointId} space={space} open={open.has(d.id)} onToggle={() => toggle(d.id)} onReplayed={() => mutate()} replayable={!disabled} />
          ))}
        </ul>
      )}
      {next && (
        <div className="actions">
          <button type="button" className="button button--ghost button--small" onClick={() => setSize(size + 1)} disabled={loadingMore} data-action="more-deliveries">
            {loadingMore ? t('log.loading') : t('log.more')}
          </button>
        </div>
      )}
    </section>
  );
}

/**
 * DeliveryItem is one delivery: its type, time, state and attempts on a button that opens it to
 * show its id, the headers the endpoint got, the payload as sent (indented) and every attempt;
 * a delivered or failed one is resent from there (replayable: the endpoint is on).
 */
export function DeliveryItem({ delivery: d, endpointId, space = 'live', open, onToggle, onReplayed, replayable = true }) {
  const lang = useLanguage();
  const t = useWebhookTexts();
  const id = useId();
  const [state, setState] = useState({ busy: false, tone: '', text: '' });
  const last = d.attempts.at(-1);
  const canResend = replayable && (d.state === 'delivered' || d.state === 'failed');
  const label = t(`types.${typeKey(d.type)}.label`, { defaultValue: d.type });
  async function resend() {
    if (state.busy) return;
    setState({ busy: true, tone: '', text: '' });
    try {
      await replayDelivery(endpointId, d.id, lang, space);
      setState({ busy: false, tone: 'success', text: t('log.resent') });
    } catch (err) {
      setState({ busy: false, tone: 'error', text: refusalMessage(err, t('actions.failed')) });
    }
    onReplayed();
  }
  return (
    <li className="webhook-delivery" data-delivery-id={d.id} data-state={d.state} data-type={d.type}>
      <button
        type="button"
        className="webhook-delivery__summary"
        aria-expanded={open}
        aria-controls={open ? `${id}-body` : undefined}
        onClick={onToggle}
        data-action="toggle-delivery"
      >
        <span className="webhook-delivery__type">
          <strong>{label}</strong> <code>{d.type}</code>
        </span>
        <span className="webhook-delivery__meta">
          <time dateTime={d.createdAt}>{logTime(lang, d.createdAt)}</time>
          <StatusPill domain="webhook-delivery" status={d.state} tone={DELIVERY_TONES[d.state] ?? 'neutral'} label={t(`log.state.${d.state}`, { defaultValue: d.state })} />
          <span>{t('log.attempts', { count: d.attempts.length })}</span>
          {last && <span>{last.status ? t('log.status', { status: last.status }) : t('log.noAnswer')}</span>}
        </span>
      </button>
      {open && (
        <div id={`${id}-body`} className="webhook-delivery__body" data-testid="delivery-details">
          <dl className="webhook-facts">
            <div>
              <dt>{t('log.id')}</dt>
              <dd>
                <code>{d.id}</code>
              </dd>
            </div>
            <div>
              <dt>{t('log.created')}</dt>
              <dd>{logTime(lang, d.createdAt)}</dd>
            </div>
          </dl>
          {d.state === 'pending' && d.nextAttemptAt && <p className="field__hint">{t('log.nextAttempt', { date: logTime(lang, d.nextAttemptAt) })}</p>}
          {d.state === 'held' && <p className="field__hint">{t('log.heldNote')}</p>}
          <h5>{t('log.headers')}</h5>
          {last ? (
            <pre className="webhook-code" data-testid="delivery-headers">
              {`content-type: application/json\nwebhook-id: ${d.id}\nwebhook-timestamp: ${last.timestamp}\nwebhook-signature: v1,… ${t('log.signature')}`}
            </pre>
          ) : (
            <p className="field__hint">{t('log.unsent')}</p>
          )}
          <h5>{t('log.payload')}</h5>
          <pre className="webhook-code" data-testid="delivery-payload">
            {prettyPayload(d.payload)}
          </pre>
          <h5>{t('log.attemptsTitle')}</h5>
          {d.attempts.length === 0 ? (
            <p className="field__hint">{t('log.noAttempts')}</p>
          ) : (
            <ol className="webhook-attempts">
              {d.attempts.map((a, i) => (
                <Attempt key={`${a.at}-${i}`} attempt={a} />
              ))}
            </ol>
          )}
          {state.text && <Notice tone={state.tone}>{state.text}</Notice>}
          {canResend && (
            <div className="actions">
              <button type="button" className="button button--ghost button--small" onClick={resend} disabled={state.busy} data-action="replay-delivery">
                {state.busy ? t('log.resending') : t('log.resend')}
              </button>
            </div>
          )}
        </div>
      )}
    </li>
  );
}

/** Attempt is one try: when, the endpoint's status (or why there was none), how long, whether its owner asked for it, and the start of the answer. */
function Attempt({ attempt: a }) {
  const lang = useLanguage();
  const t = useWebhookTexts();
  return (
    <li className="webhook-attempt" data-attempt data-status={a.status} data-replay={String(Boolean(a.replay))}>
      <span className="webhook-attempt__line">
        <time dateTime={a.at}>{logTime(lang, a.at)}</time>
        <StatusPill tone={answered(a) ? 'ok' : 'bad'} label={a.status ? t('log.status', { status: a.status }) : t('log.noAnswer')} />
        <span>{t('log.duration', { ms: formatNumber(lang, a.durationMs ?? 0) })}</span>
        {a.replay && <StatusPill tone="neutral" label={t('log.replay')} />}
      </span>
      {a.error && <span className="webhook-attempt__error">{a.error}</span>}
      {a.response && (
        <>
          <span className="field__hint">{t('log.response')}</span>
          <pre className="webhook-code webhook-code--response">{a.response}</pre>
        </>
      )}
    </li>
  );
}
