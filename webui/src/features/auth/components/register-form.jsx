import { useId } from 'react';
import { path } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useAuth } from '../auth-context.jsx';
import { useLegalVersion } from '../api/legal-versions.js';
import { validateRegistration } from '../validate.js';
import { CheckField, Field, FormError } from '../../../components/form-fields.jsx';
import { useAuthForm, useAuthTexts } from './auth-form.jsx';

/** RegisterForm creates a customer account and signs in (spec §3); onSignedIn(user) follows. */
export function RegisterForm({ onSignedIn }) {
  const lang = useLanguage();
  const t = useAuthTexts();
  const { register } = useAuth();
  const id = useId();
  // The consent record names the versions of the texts this page links to.
  const noticeVersion = useLegalVersion('privacy', lang);
  const termsVersion = useLegalVersion('membership', lang);
  const { values, set, errors, formError, sending, form, onSubmit } = useAuthForm({
    initial: { fullName: '', email: '', password: '', confirmPassword: '', acceptTerms: false, marketingEmails: false },
    validate: validateRegistration,
    submit: (v) => register({ ...v, noticeVersion, termsVersion }),
    onDone: onSignedIn,
  });
  const field = (name, label, props) => (
    <Field id={`${id}-${name}`} name={name} label={label} value={values[name]} onChange={set(name)} error={errors[name]} required {...props} />
  );
  // The agreement opens in a new tab so the form keeps what was typed.
  const terms = (
    <>
      {t('register.termsBefore')}
      <a href={path('membership', lang)} target="_blank" rel="noopener">
        {t('register.termsLink')}
      </a>
      {t('register.termsAfter')}
    </>
  );
  return (
    <form ref={form} className="form" noValidate onSubmit={onSubmit} aria-busy={sending} data-testid="register-form">
      <FormError>{formError}</FormError>
      {field('fullName', t('fullName'), { autoComplete: 'name' })}
      {field('email', t('email'), { type: 'email', autoComplete: 'email' })}
      <div className="form__row">
        {field('password', t('password'), { type: 'password', autoComplete: 'new-password', hint: t('passwordHint') })}
        {field('confirmPassword', t('confirmPassword'), { type: 'password', autoComplete: 'new-password' })}
      </div>
      <CheckField id={`${id}-terms`} name="acceptTerms" label={terms} checked={values.acceptTerms} onChange={set('acceptTerms')} error={errors.acceptTerms} required />
      {/* Optional and separate: never ticked beforehand, and signing up does not depend on it. */}
      <CheckField id={`${id}-marketing`} name="marketingEmails" label={t('register.marketing')} checked={values.marketingEmails} onChange={set('marketingEmails')} />
      <p className="field__hint" data-testid="privacy-notice">
        {t('register.noticeBefore')}
        <a href={path('privacy', lang)} target="_blank" rel="noopener">
          {t('register.noticeLink')}
        </a>
        {t('register.noticeAfter')}
      </p>
      <div>
        <button type="submit" className="button" disabled={sending}>
          {sending ? t('register.sending') : t('register.submit')}
        </button>
      </div>
    </form>
  );
}
