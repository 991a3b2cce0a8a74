import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { formatIstanbulMoment } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { Notice } from '../../../components/notice.jsx';
import { StatusPill } from '../../../components/status-pill.jsx';
import {
  createEndpoint,
  deleteEndpoint,
  disableEndpoint,
  enableEndpoint,
  hasPending,
  revealSecret,
  rotateSecret,
  sendTestEvent,
  spaceOf,
  updateEndpoint,
  useDeliveries,
  useWebhooks,
} from '../api/webhooks.js';
import { refusalMessage } from '../refusal.js';
import { typeKey, useWebhookTexts } from '../texts.js';
import { DeliveryLog } from './delivery-log.jsx';
import { EndpointForm } from './endpoint-form.jsx';
import { SecretBox } from './secret-box.jsx';
import { SignatureGuide } from './signature-guide.jsx';
import { SpaceSwitch } from './space-switch.jsx';
import '../webhooks.css';

// The most endpoints one customer may have (svc-auth: 409 too_many_endpoints past it).
export const MAX_ENDPOINTS = 20;
// The query naming the endpoint whose details are open: a mail about an endpoint links to it.
const OPEN = 'endpoint';
// The query naming the space shown: "sandbox" for the sandbox's endpoints, none for the live ones.
// A mail about a sandbox endpoint links with both.
const SPACE = 'space';

/** endpointState is how an endpoint stands: disabled, failing (deliveries fail, it is still on) or active. */
export const endpointState = (e) => (e.disabledAt ? 'disabled' : e.failingSince ? 'failing' : 'active');
const STATE_TONES = { active: 'ok', failing: 'wait', disabled: 'bad' };
// An endpoint as the list keeps it: the answers that carry a secret keep it out of the cache.
const withoutSecret = ({ secret: _secret, ...endpoint }) => endpoint;

/**
 * WebhooksPanel is the customer's webhook endpoints of one space at a time, live or sandbox (a
 * switch at the top, kept in ?space=sandbox so that a mail's link and a reload land there): each
 * with its state, its events and, opened (one at a time, named by ?endpoint=<id>, which a mail
 * links to), its actions, signing secret and delivery log; a form that adds one and shows its
 * secret once; and how to verify signatures.
 */
export function WebhooksPanel() {
  const t = useWebhookTexts();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const space = spaceOf(params.get(SPACE));
  // Another space: the endpoint open in this one closes (its id names nothing there).
  const choose = useCallback(
    (next) =>
      setParams(
        (was) => {
          const now = new URLSearchParams(was);
          now.delete(OPEN);
          if (next === 'sandbox') now.set(SPACE, 'sandbox');
          else now.delete(SPACE);
          return now;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  return (
    <div className="webhooks" data-space={space}>
      <p className="lead">{t('lead')}</p>
      <SpaceSwitch space={space} onChoose={choose} idPrefix={id} />
      <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${space}`} className="webhooks__space">
        {/* Keyed by the space: a secret shown, a form open or a link followed stay in theirs. */}
        <SpaceEndpoints key={space} space={space} />
      </div>
      <SignatureGuide />
    </div>
  );
}

/** SpaceEndpoints is the endpoints of one space, with what the space is, the form and a new endpoint's secret. */
function SpaceEndpoints({ space }) {
  const lang = useLanguage();
  const t = useWebhookTexts();
  const { data, error, mutate } = useWebhooks(lang, space);
  const [params, setParams] = useSearchParams();
  const openId = params.get(OPEN) ?? '';
  // The endpoint the page was opened for (a mail's link): scrolled to once it is listed.
  const [linked, setLinked] = useState(() => params.get(OPEN));
  const [created, setCreated] = useState(null);
  const createdBox = useRef(null);
  const [adding, setAdding] = useState(false);
  const endpoints = data?.endpoints;
  const types = data?.types ?? [];
  const full = (endpoints?.length ?? 0) >= MAX_ENDPOINTS;
  const sandbox = space === 'sandbox';

  const select = useCallback(
    (id) =>
      setParams(
        (was) => {
          const now = new URLSearchParams(was);
          if (id) now.set(OPEN, id);
          else now.delete(OPEN);
          return now;
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );
  const scrolled = useCallback(() => setLinked(null), []);
  const refresh = useCallback(() => mutate(), [mutate]);
  const changed = (endpoint) => mutate((d) => d && { ...d, endpoints: d.endpoints.map((e) => (e.id === endpoint.id ? withoutSecret(endpoint) : e)) });
  const deleted = (id) => {
    if (openId === id) select('');
    mutate((d) => d && { ...d, endpoints: d.endpoints.filter((e) => e.id !== id) });
  };
  async function create(settings) {
    const made = await createEndpoint(settings, lang, space);
    setCreated(made);
    setAdding(false);
    select(made.id);
    mutate((d) => d && { ...d, endpoints: [...d.endpoints.filter((e) => e.id !== made.id), withoutSecret(made)] });
  }

  // A new endpoint's secret shows above the list: brought into view, wherever the form was.
  useEffect(() => {
    if (created) createdBox.current?.scrollIntoView({ block: 'nearest' });
  }, [created]);

  const showForm = endpoints !== undefined && !full && (adding || endpoints.length === 0);
  return (
    <>
      <p className={`webhooks__space-note webhooks__space-note--${space}`} data-testid="space-note">
        {t(`space.${space}.note`)}
      </p>
      {created && (
        <div className="account__block webhooks__created" ref={createdBox}>
          <SecretBox
            title={sandbox ? t('secret.createdSandboxTitle') : t('secret.createdTitle')}
            lead={t('secret.createdLead')}
            secret={created.secret}
            doneLabel={t('secret.done')}
            onDone={() => setCreated(null)}
          />
        </div>
      )}
      <section aria-labelledby="webhooks-list" className="account__block" data-testid="webhooks" data-space={space}>
        <div className="webhooks__head">
          <h2 id="webhooks-list">{t(`space.${space}.listTitle`)}</h2>
          {endpoints?.length > 0 && !full && !adding && (
            <button type="button" className="button button--small" onClick={() => setAdding(true)} data-action="add-endpoint">
              {t('list.add')}
            </button>
          )}
        </div>
        {error && !data && <Notice tone="error">{refusalMessage(error, t('list.failed'))}</Notice>}
        {linked && endpoints && !endpoints.some((e) => e.id === linked) && <Notice tone="info">{t(`space.${space}.notFound`)}</Notice>}
        {endpoints?.length === 0 && (
          <p data-testid={sandbox ? 'sandbox-empty' : 'live-empty'}>
            {t(`space.${space}.none`)}
          </p>
        )}
        {full && <p className="field__hint">{t('list.full')}</p>}
        {showForm && (
          <div className="webhooks__new">
            <EndpointForm
              types={types}
              title={sandbox ? t('form.addSandboxTitle') : t('form.addTitle')}
              submitLabel={t('form.create')}
              busyLabel={t('form.creating')}
              submitAction="create-endpoint"
              onSave={create}
              onCancel={endpoints.length > 0 ? () => setAdding(false) : undefined}
              testid="webhook-form"
            />
          </div>
        )}
        {endpoints?.length > 0 && (
          <ul className="webhooks__list">
            {endpoints.map((e) => (
              <EndpointItem
                key={e.id}
                endpoint={e}
                types={types}
                space={space}
                open={openId === e.id}
                onToggle={() => select(openId === e.id ? '' : e.id)}
                scrollHere={linked === e.id}
                onScrolled={scrolled}
                onChanged={changed}
                onDeleted={deleted}
                onSettled={refresh}
              />
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

/**
 * EndpointItem is one endpoint of space: its URL, state, description, events and when it was
 * added, and a button that opens its details. scrollHere: the page was opened for it, so it is
 * scrolled to and focused once it is drawn (then onScrolled).
 */
export function EndpointItem({ endpoint: e, types, space = 'live', open, onToggle, scrollHere = false, onScrolled, onChanged, onDeleted, onSettled }) {
  const lang = useLanguage();
  const t = useWebhookTexts();
  const id = useId();
  const heading = useRef(null);
  const state = endpointState(e);
  useEffect(() => {
    if (!scrollHere) return undefined;
    // After the frame: the layout's scroll to the top of a new page runs in the same commit.
    const frame = requestAnimationFrame(() => {
      heading.current?.scrollIntoView({ block: 'start' });
      heading.current?.focus({ preventScroll: true });
      onScrolled?.();
    });
    return () => cancelAnimationFrame(frame);
  }, [scrollHere, onScrolled]);
  return (
    <li className={`webhook webhook--${state}`} data-endpoint-id={e.id} data-state={state} data-open={String(open)}>
      <div className="webhook__head">
        <h3 id={`${id}-url`} ref={heading} tabIndex={-1} className="webhook__url">
          {e.url}
        </h3>
        <StatusPill domain="webhook" status={state} tone={STATE_TONES[state]} label={t(`state.${state}`)} />
      </div>
      {e.description && <p className="webhook__description">{e.description}</p>}
      <ul className="webhook__types" aria-label={t('list.events')}>
        {e.types.map((type) => (
          <li key={type} title={type}>
            {t(`types.${typeKey(type)}.label`, { defaultValue: type })}
          </li>
        ))}
      </ul>
      <p className="field__hint">
        {t('list.added', { date: formatIstanbulMoment(lang, e.createdAt) })}
        {state === 'failing' && <> · {t('failingSince', { date: formatIstanbulMoment(lang, e.failingSince) })}</>}
        {state === 'disabled' && <> · {t('disabled.title', { date: formatIstanbulMoment(lang, e.disabledAt) })}</>}
      </p>
      <button
        type="button"
        className="button button--ghost button--small"
        aria-expanded={open}
        aria-controls={open ? `${id}-details` : undefined}
        aria-describedby={`${id}-url`}
        onClick={onToggle}
        data-action="toggle-endpoint"
      >
        {open ? t('list.hideDetails') : t('list.details')}
      </button>
      {open && <EndpointDetails domId={`${id}-details`} endpoint={e} types={types} space={space} onChanged={onChanged} onDeleted={onDeleted} onSettled={onSettled} />}
    </li>
  );
}

/**
 * EndpointDetails is an open endpoint: why it is off or failing, a rotation under way, its
 * actions (a test event, edit, disable or enable, delete), its signing secret (revealed, rotated)
 * and its delivery log, which is asked again after a test event and while a delivery is pending.
 * Once nothing is pending any more, onSettled asks for the endpoints again: an attempt may have
 * made one failing, or disabled it (410 Gone).
 */
function EndpointDetails({ domId, endpoint: e, types, space, onChanged, onDeleted, onSettled }) {
  const lang = useLanguage();
  const t = useWebhookTexts();
  const id = useId();
  const log = useDeliveries(e.id, lang, space);
  const pending = hasPending(log.data);
  const wasPending = useRef(pending);
  useEffect(() => {
    if (wasPending.current && !pending) onSettled?.();
    wasPending.current = pending;
  }, [pending, onSettled]);
  const [editing, setEditing] = useState(false);
  const [busy, setBusy] = useState('');
  const [note, setNote] = useState(null);
  const [secret, setSecret] = useState(null);
  const disabled = endpointState(e) === 'disabled';

  async function act(name, call, done) {
    if (busy) return;
    setBusy(name);
    setNote(null);
    try {
      const answer = await call();
      setBusy('');
      done?.(answer);
    } catch (err) {
      setBusy('');
      setNote({ tone: 'error', text: refusalMessage(err, t('actions.failed')) });
    }
  }
  const test = () =>
    act('test', () => sendTestEvent(e.id, lang, space), () => {
      setNote({ tone: 'success', text: t('actions.testSent') });
      log.mutate();
    });
  const disable = () => act('disable', () => disableEndpoint(e.id, lang, space), onChanged);
  const enable = () =>
    act('enable', () => enableEndpoint(e.id, lang, space), (endpoint) => {
      onChanged(endpoint);
      setNote({ tone: 'success', text: t('actions.enabled') });
      log.mutate();
    });
  const remove = () => window.confirm(t('actions.deleteConfirm', { url: e.url })) && act('delete', () => deleteEndpoint(e.id, lang, space), () => onDeleted(e.id));
  const reveal = () => act('reveal', () => revealSecret(e.id, lang, space), (answer) => setSecret({ kind: 'revealed', value: answer.secret }));
  const rotate = () =>
    window.confirm(t('secret.rotateConfirm', { url: e.url })) &&
    act('rotate', () => rotateSecret(e.id, lang, space), (answer) => {
      setSecret({ kind: 'rotated', value: answer.secret });
      onChanged(answer);
    });
  async function save(settings) {
    const endpoint = await updateEndpoint(e.id, settings, lang, space);
    setEditing(false);
    onChanged(endpoint);
  }

  return (
    <div id={domId} className="webhook__details">
      {disabled && (
        <Notice tone="info" title={t('disabled.title', { date: formatIstanbulMoment(lang, e.disabledAt) })} testid="endpoint-disabled">
          <span>
            {t(`disabled.${e.disabledReason || 'owner'}`, { defaultValue: '' })} {t('disabled.held')}
          </span>
        </Notice>
      )}
      {!disabled && e.failingSince && <Notice tone="info">{t('failingNote', { date: formatIstanbulMoment(lang, e.failingSince) })}</Notice>}
      {e.secretsValid > 1 && <Notice tone="info" testid="rotation-overlap">{t('secret.overlap')}</Notice>}
      {editing ? (
        <EndpointForm
          types={types}
          initial={e}
          title={t('form.editTitle')}
          submitLabel={t('form.save')}
          busyLabel={t('form.saving')}
          submitAction="save-endpoint"
          onSave={save}
          onCancel={() => setEditing(false)}
          testid="webhook-edit-form"
        />
      ) : (
        <div className="actions webhook__actions" role="group" aria-label={t('actions.label')}>
          {!disabled && (
            <button type="button" className="button button--small" onClick={test} disabled={Boolean(busy)} data-action="send-test">
              {busy === 'test' ? t('actions.testing') : t('actions.test')}
            </button>
          )}
          <button type="button" className="button button--ghost button--small" onClick={() => setEditing(true)} data-action="edit-endpoint">
            {t('actions.edit')}
          </button>
          {disabled ? (
            <button type="button" className="button button--small" onClick={enable} disabled={Boolean(busy)} data-action="enable-endpoint">
              {busy === 'enable' ? t('actions.enabling') : t('actions.enable')}
            </button>
          ) : (
            <button type="button" className="button button--ghost button--small" onClick={disable} disabled={Boolean(busy)} data-action="disable-endpoint">
              {busy === 'disable' ? t('actions.disabling') : t('actions.disable')}
            </button>
          )}
          <button type="button" className="button button--small button--danger" onClick={remove} disabled={Boolean(busy)} data-action="delete-endpoint">
            {busy === 'delete' ? t('actions.deleting') : t('actions.delete')}
          </button>
        </div>
      )}
      {note && <Notice tone={note.tone}>{note.text}</Notice>}
      <section className="webhook__secret" aria-labelledby={`${id}-secret`}>
        <h4 id={`${id}-secret`}>{t('secret.title')}</h4>
        {secret && (
          <SecretBox
            heading="h5"
            title={secret.kind === 'rotated' ? t('secret.rotatedTitle') : undefined}
            lead={secret.kind === 'rotated' ? t('secret.rotatedLead') : t('secret.revealedLead')}
            secret={secret.value}
            doneLabel={t('secret.hide')}
            onDone={() => setSecret(null)}
            testid="endpoint-secret"
          />
        )}
        <div className="actions">
          {!secret && (
            <button type="button" className="button button--ghost button--small" onClick={reveal} disabled={Boolean(busy)} data-action="reveal-secret">
              {busy === 'reveal' ? t('secret.revealing') : t('secret.reveal')}
            </button>
          )}
          <button type="button" className="button button--ghost button--small" onClick={rotate} disabled={Boolean(busy)} data-action="rotate-secret">
            {busy === 'rotate' ? t('secret.rotating') : t('secret.rotate')}
          </button>
        </div>
      </section>
      <DeliveryLog endpointId={e.id} space={space} log={log} disabled={disabled} />
    </div>
  );
}

