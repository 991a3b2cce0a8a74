import { useEffect, useId, useState } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { Loading } from '../../../components/loading.jsx';
import { useProfile } from '../api/billing.js';
import { useApprovalTexts } from '../approval-texts.js';
import { countryName, isCountryCode } from '../countries.js';
import { inTurkey } from '../rules.js';
import { useBillingTexts } from '../texts.js';
import { BillingFormView, useDetailsForm } from './billing-form.jsx';
import '../billing.css';

/**
 * ApprovalDetails is the billing details step of a quote's approval: the invoice is issued from
 * them as soon as the quote is approved, so they are asked for first. Saved, complete details
 * are shown to confirm (confirmLabel approves with them) or change; otherwise, or when the server
 * said they are missing (required), the billing form is drawn inline and its button saves them
 * and then goes on. onConfirm() goes on to the approval (its contract); busy while it runs (busyLabel). onCountryChange(code)
 * hears the country being typed ('' when the saved details decide), so the price breakdown can
 * preview VAT for it. The orders feature draws it through the app (see app/orders-with-currency.jsx).
 */
export function ApprovalDetails(props) {
  const lang = useLanguage();
  const t = useApprovalTexts();
  const { data: profile, error } = useProfile(lang);
  if (error && !profile) return <p className="form__error">{error.code ? error.message : t('loadFailed')}</p>;
  if (!profile) return <Loading />;
  return <ApprovalDetailsState profile={profile} {...props} />;
}

function ApprovalDetailsState({ profile, onConfirm, busy = false, confirmLabel, busyLabel, confirmAction = 'approve', onCountryChange, required = false }) {
  const t = useApprovalTexts();
  const id = useId();
  const [editing, setEditing] = useState(!profile.complete);
  const { state, dispatch, form, save } = useDetailsForm(profile);
  const showForm = editing || required || !profile.complete;

  // The breakdown previews the country being typed; the saved details decide otherwise.
  const typed = showForm ? String(state.values.country ?? '').toUpperCase() : '';
  const country = isCountryCode(typed) ? typed : '';
  useEffect(() => {
    onCountryChange?.(country);
  }, [country, onCountryChange]);
  useEffect(() => () => onCountryChange?.(''), [onCountryChange]);

  async function submit(e) {
    e.preventDefault();
    if (busy || state.status === 'saving') return;
    const saved = await save();
    if (!saved) return;
    setEditing(false);
    await onConfirm?.(saved);
  }

  if (!showForm) {
    return (
      <section className="approval-details" aria-labelledby={`${id}-title`} data-testid="billing-confirm" data-mode="saved">
        <h3 id={`${id}-title`}>{t('title')}</h3>
        <p>{t('savedLead')}</p>
        <SavedDetails details={profile} />
        <div className="actions">
          <button type="button" className="button" onClick={() => onConfirm?.(profile)} disabled={busy} data-action={confirmAction}>
            {busy ? busyLabel : confirmLabel}
          </button>
          <button type="button" className="button button--ghost" onClick={() => setEditing(true)} disabled={busy} data-action="change-details">
            {t('change')}
          </button>
        </div>
      </section>
    );
  }
  return (
    <section className="approval-details" aria-labelledby={`${id}-title`} data-testid="billing-confirm" data-mode="form">
      <h3 id={`${id}-title`}>{t('title')}</h3>
      {required && (
        <p className="notice" role="alert" data-testid="billing-required">
          {t('required')}
        </p>
      )}
      <p>{t('formLead')}</p>
      <BillingFormView
        ref={form}
        state={state}
        dispatch={dispatch}
        onSubmit={submit}
        submitLabel={confirmLabel}
        busyLabel={busy ? busyLabel : undefined}
        busy={busy}
        submitAction={confirmAction}
        actions={
          profile.complete && !required ? (
            <button type="button" className="button button--ghost" onClick={() => setEditing(false)} disabled={busy} data-action="keep-details">
              {t('keep')}
            </button>
          ) : null
        }
      />
    </section>
  );
}

/**
 * SavedDetails is what the invoice will name: the buyer (name or company), the tax identity
 * (TCKN, or VKN and tax office, or the foreign tax number), the address, the country (and so
 * whether KDV applies) and where the invoice is sent.
 */
export function SavedDetails({ details }) {
  const lang = useLanguage();
  const t = useApprovalTexts();
  const bt = useBillingTexts();
  const identity = ['tckn', 'vkn', 'taxOffice', 'taxId'].filter((f) => details[f]);
  const place = [details.postcode, details.city].filter(Boolean).join(' ');
  const rows = [
    ['type', bt('form.type'), details.type && bt(`form.types.${details.type}`, { defaultValue: details.type })],
    ['name', t('name'), details.type === 'company' ? details.companyName : details.fullName],
    ...identity.map((f) => [f, t(`identity.${f}`), details[f]]),
    ['address', t('address'), [details.address, place].filter(Boolean).join(', ')],
    ['country', t('country'), `${countryName(lang, details.country)} · ${t(`billedIn.${inTurkey(details.country) ? 'turkey' : 'abroad'}`)}`],
    ['email', t('email'), details.email],
  ].filter(([, , v]) => v);
  return (
    <dl className="billing-summary" data-testid="saved-details" data-country={details.country}>
      {rows.map(([k, label, v]) => (
        <div key={k} data-field={k}>
          <dt>{label}</dt>
          <dd>{v}</dd>
        </div>
      ))}
    </dl>
  );
}
