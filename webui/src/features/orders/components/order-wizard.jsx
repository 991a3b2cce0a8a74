import { useEffect, useId, useReducer, useRef, useState } from 'react';
import { useSWRConfig } from 'swr';
import { useLanguage } from '../../../lib/language.jsx';
import { ApiError } from '../../../lib/api-client.js';
import { estimatePrice } from '../../../lib/api/estimate-price.js';
import { usePrices } from '../../../lib/api/use-prices.js';
import { createEstimator } from '../../../lib/estimator.js';
import { Loading } from '../../../components/loading.jsx';
import { createQuote, quoteKey, quotesKey } from '../api/orders.js';
import { uploadFile } from '../api/upload-file.js';
import { useOrdersContext } from '../orders-context.jsx';
import { BRIEF_MAX, briefLength, buildEstimateBody, buildQuoteBody, missingForEstimate, readOrderError, validateDraft } from '../order-request.js';
import { newEntries, nextUpload, uploadsReducer } from '../upload-queue.js';
import { clearUploadToken, loadUploadToken, saveUploadToken } from '../upload-token.js';
import { clearDraft, initialDraft, loadDraft, saveDraft, setField } from '../wizard-state.js';
import { useOrdersTexts } from '../texts.js';
import { BriefStep } from './brief-step.jsx';
import { DeliveryStep } from './delivery-step.jsx';
import { DocumentsStep } from './documents-step.jsx';
import { PriceSummary } from './price-summary.jsx';
import { QuoteResult } from './quote-result.jsx';
import { ServiceStep } from './service-step.jsx';
import { wizardFields } from './wizard-fields.jsx';

// Spec §9's windows, until the price list says otherwise.
const DEFAULT_WINDOWS = { normal: { minDays: 3, maxDays: 5 }, urgent: { minDays: 1, maxDays: 2 } };

function draftReducer(draft, action) {
  switch (action.type) {
    case 'set':
      return setField(draft, action.field, action.value);
    case 'files':
      return { ...draft, files: uploadsReducer(draft.files, action.action) };
    case 'reset':
      return action.draft;
    default:
      throw new Error(`unknown wizard action ${action.type}`);
  }
}

/**
 * OrderWizard is the order screen of spec §2 for one service: languages, documents (uploaded and
 * counted, or a typed quantity), urgency and add-ons, a brief, the live price in the display
 * currency, then a quote to approve. Visitors sign in or register in place (renderSignIn()
 * draws the forms; the route composes them from the auth feature): the draft is kept in the
 * page and in sessionStorage, and the quote is asked for as soon as they are signed in.
 * services is the catalogue's list; onServiceChange(id) moves to another service's address.
 * The wizard holds the state (the draft, uploads, the live price, the phase); each step draws
 * its fields from it and reports changes through onChange(field, value).
 */
export function OrderWizard({ serviceId, services, auth, renderSignIn, onServiceChange }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  const id = useId();
  const { languages, currency } = useOrdersContext();
  const { mutate } = useSWRConfig();
  const { data: prices } = usePrices();
  const [draft, dispatch] = useReducer(draftReducer, null, () => ({ ...(loadDraft(lang) ?? initialDraft(lang)), service: serviceId }));
  const draftRef = useRef(draft);
  draftRef.current = draft;

  const [result, setResult] = useState({ status: 'idle' });
  const [estimator, setEstimator] = useState(null);
  const [attempted, setAttempted] = useState(false);
  const [submitErrors, setSubmitErrors] = useState(null);
  const [formError, setFormError] = useState('');
  // edit, signIn (a visitor asked for a quote), sending; a visitor who asked before going to a
  // provider's sign-in pages comes back in signIn, so signing in sends the quote.
  const [phase, setPhase] = useState(() => (draft.wantsQuote ? 'signIn' : 'edit'));
  const [announcement, setAnnouncement] = useState('');
  const signInTitle = useRef(null);
  const sending = useRef(false);
  const fieldId = (name) => `${id}-${name}`;

  useEffect(() => {
    if (draft.service !== serviceId) dispatch({ type: 'set', field: 'service', value: serviceId });
  }, [serviceId, draft.service]);

  // Every change is kept for a reload, a language switch or a provider's sign-in pages.
  useEffect(() => {
    saveDraft(draft);
    setSubmitErrors(null);
  }, [draft]);

  // Add-ons the price list does not offer with this service are dropped when the service changes.
  const addOns = (prices?.addOns ?? []).filter((a) => !a.services?.length || a.services.includes(draft.service));
  const addOnIds = addOns.map((a) => a.id).join(',');
  useEffect(() => {
    if (!prices) return;
    const offered = addOnIds.split(',');
    const kept = draft.addOns.filter((a) => offered.includes(a));
    if (kept.length !== draft.addOns.length) dispatch({ type: 'set', field: 'addOns', value: kept });
  }, [prices, addOnIds, draft.addOns]);

  // Live estimates: debounced, only the newest answer counts (the home calculator's estimator).
  useEffect(() => {
    const made = createEstimator({
      request: (body, signal) =>
        estimatePrice(body, { lang, signal }).catch((err) => {
          throw { err, fileIds: body.fileIds ?? [] };
        }),
      onChange: (s) =>
        setResult((prev) => {
          if (s.status === 'pending') return { ...prev, status: 'pending' };
          if (s.status === 'done') return { status: 'done', estimate: s.estimate };
          return { status: 'error', ...readOrderError(s.error.err, s.error.fileIds) };
        }),
    });
    setEstimator(made);
    return () => made.dispose();
  }, [lang]);

  const missing = missingForEstimate(draft);
  const uploadToken = loadUploadToken();
  const bodyKey = missing ? '' : JSON.stringify(buildEstimateBody(draft, { currency, uploadToken }));
  useEffect(() => {
    if (!estimator) return;
    if (bodyKey) estimator.update(JSON.parse(bodyKey));
    else estimator.cancel();
  }, [estimator, bodyKey]);

  // Uploads, one at a time: a visitor's first answer brings the token the next ones carry. The
  // upload on its way is only forgotten once a render shows its entry settled (or removed), so an
  // effect still holding an older list can never send it a second time.
  const active = useRef(null);
  useEffect(() => {
    if (active.current) {
      const entry = draft.files.find((e) => e.key === active.current.key);
      if (entry?.status === 'uploading') return;
      active.current = null;
    }
    const next = nextUpload(draft.files, false);
    if (!next) return;
    const controller = new AbortController();
    active.current = { key: next.key, controller };
    const files = (action) => dispatch({ type: 'files', action });
    files({ type: 'start', key: next.key });
    uploadFile(next.blob, {
      lang,
      // A signed-in customer's files are theirs by the session; the token is only a visitor's proof.
      uploadToken: auth.loggedIn ? '' : loadUploadToken(),
      signal: controller.signal,
      onProgress: (value) => !controller.signal.aborted && files({ type: 'progress', key: next.key, value }),
    }).then(
      (answer) => {
        if (controller.signal.aborted) return;
        if (answer.uploadToken) saveUploadToken(answer.uploadToken);
        files({ type: 'done', key: next.key, file: answer.file });
        setAnnouncement(t('upload.announceDone', { name: next.name, count: answer.file.counts?.words ?? 0, words: answer.file.counts?.words ?? 0 }));
      },
      (err) => {
        if (controller.signal.aborted) return;
        const known = err instanceof ApiError && err.code;
        const errorKey = known ? '' : err instanceof ApiError && err.status === 413 ? 'errors.tooLarge' : 'errors.uploadFailed';
        files({ type: 'failed', key: next.key, error: known ? err.message : '', errorKey });
        setAnnouncement(t('upload.announceFailed', { name: next.name, message: known ? err.message : t(errorKey) }));
      },
    );
  }, [draft.files, lang, auth.loggedIn, t]);
  // Leaving the page stops the upload; an entry left "uploading" is sent again if the wizard
  // comes back with the same state (React's development double mount).
  useEffect(
    () => () => {
      active.current?.controller.abort();
      active.current = null;
    },
    [],
  );

  const addFiles = (list) => dispatch({ type: 'files', action: { type: 'add', entries: newEntries(draftRef.current.files, list) } });
  const removeFile = (key) => {
    if (active.current?.key === key) active.current.controller.abort();
    dispatch({ type: 'files', action: { type: 'remove', key } });
  };

  // Asking for the quote: the page's checks, then (for a visitor) signing in, then the quote.
  async function sendQuote() {
    if (sending.current) return;
    sending.current = true;
    const current = draftRef.current;
    const body = buildQuoteBody(current, { currency, uploadToken: loadUploadToken() });
    setPhase('sending');
    setFormError('');
    try {
      const quote = await createQuote(body, lang);
      clearUploadToken(); // the files are the customer's now
      mutate(quoteKey(quote.id, lang), quote, { revalidate: false });
      mutate(quotesKey(lang));
      setAttempted(false);
      setPhase('edit');
      dispatch({ type: 'reset', draft: { ...initialDraft(lang, current.service), quoteId: quote.id } });
    } catch (err) {
      const read = readOrderError(err, body.fileIds ?? []);
      // An ended session: sign in again, the draft is still here.
      const signInAgain = err instanceof ApiError && err.status === 401;
      if (!signInAgain) dispatch({ type: 'set', field: 'wantsQuote', value: false });
      setSubmitErrors(read);
      setFormError(read.message ?? t('errors.failed'));
      if (signInAgain) {
        setPhase('signIn');
        auth.refresh?.();
      } else setPhase('edit');
    } finally {
      sending.current = false;
    }
  }

  function onSubmit(e) {
    e.preventDefault();
    if (phase === 'sending') return;
    setAttempted(true);
    const errors = validateDraft(draft);
    const first = Object.keys(errors)[0];
    if (first) {
      setFormError(t('errors.form'));
      document.getElementById(fieldId(first))?.focus();
      return;
    }
    setFormError('');
    if (auth.loggedIn) sendQuote();
    else {
      dispatch({ type: 'set', field: 'wantsQuote', value: true });
      setPhase('signIn');
    }
  }

  // Signing in while asked to (inline, or the session check finishing) sends the quote. A wizard
  // that comes back asked to and finds the session already confirmed (the check answered before
  // the list of services the route waits for) counts as having just signed in.
  const phaseRef = useRef(phase);
  phaseRef.current = phase;
  const wasLoggedIn = useRef(phase === 'signIn' ? false : auth.loggedIn);
  useEffect(() => {
    const before = wasLoggedIn.current;
    wasLoggedIn.current = auth.loggedIn;
    if (auth.loggedIn && !before && phaseRef.current === 'signIn') sendQuote();
  });
  useEffect(() => {
    if (phase === 'signIn' && !auth.loggedIn) signInTitle.current?.focus();
  }, [phase, auth.loggedIn]);

  if (draft.quoteId) {
    return (
      <QuoteResult
        quoteId={draft.quoteId}
        onApproved={() => clearDraft()}
        onNew={() => {
          clearDraft();
          dispatch({ type: 'reset', draft: initialDraft(lang, serviceId) });
        }}
      />
    );
  }
  if (!languages.length) return <Loading />;

  const local = attempted ? validateDraft(draft) : {};
  if (briefLength(draft.brief) > BRIEF_MAX) local.brief = 'errors.briefTooLong';
  const live = !missing && result.status === 'error' ? result : null;
  const fields = wizardFields(id, (name) => (local[name] ? t(local[name]) : submitErrors?.fields[name] ?? live?.fields[name]));
  const fileErrors = { ...live?.fileErrors, ...submitErrors?.fileErrors };
  const onChange = (field, value) => dispatch({ type: 'set', field, value });
  const unit = prices?.services?.find((s) => s.service === draft.service)?.unit ?? (result.estimate?.service === draft.service ? result.estimate.unit : undefined);
  const windows = (u) => prices?.urgencies?.[u]?.window ?? DEFAULT_WINDOWS[u];
  const formId = fieldId('form');

  return (
    <div className="order-wizard" data-testid="order-wizard">
      <form id={formId} className="order-wizard__form" noValidate onSubmit={onSubmit} aria-describedby={formError ? `${formId}-error` : undefined}>
        <ServiceStep fields={fields} services={services} serviceId={serviceId} onServiceChange={onServiceChange} draft={draft} onChange={onChange} />
        <DocumentsStep fields={fields} draft={draft} onChange={onChange} unit={unit} onAddFiles={addFiles} onRemoveFile={removeFile} fileErrors={fileErrors} announcement={announcement} />
        <DeliveryStep fields={fields} draft={draft} onChange={onChange} addOns={addOns} windows={windows} expectedDates={result.estimate?.expectedDates} />
        <BriefStep fields={fields} draft={draft} onChange={onChange} />
      </form>

      <aside className="order-wizard__aside">
        <PriceSummary id={fieldId('price')} result={missing ? { status: 'idle', missing } : result} />
        {formError && (
          <p id={`${formId}-error`} className="form__error" role="alert">
            {formError}
          </p>
        )}
        <button type="submit" form={formId} className="button order-wizard__submit" disabled={phase === 'sending'} aria-busy={phase === 'sending'}>
          {phase === 'sending' ? t('submitting') : t('submit')}
        </button>
        <p className="field__hint">{t('submitHint')}</p>
        {phase === 'signIn' && !auth.loggedIn && (
          <section className="order-signin" aria-labelledby={fieldId('signin')} data-testid="order-sign-in">
            <h2 id={fieldId('signin')} ref={signInTitle} tabIndex={-1}>
              {t('signIn.title')}
            </h2>
            <p>{t('signIn.lead')}</p>
            {renderSignIn()}
          </section>
        )}
      </aside>
    </div>
  );
}
