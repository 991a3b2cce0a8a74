import { useId, useState } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { forgotPassword } from '../api/account.js';
import { validateForgot } from '../validate.js';
import { Field, FormError } from '../../../components/form-fields.jsx';
import { useAuthForm, useAuthTexts } from './auth-form.jsx';

/**
 * ForgotPasswordForm asks for a reset link. The answer never says whether an account exists,
 * so the page always shows the same note afterwards.
 */
export function ForgotPasswordForm({ initialEmail = '' }) {
  const lang = useLanguage();
  const t = useAuthTexts();
  const id = useId();
  const [done, setDone] = useState(false);
  const { values, set, errors, formError, sending, form, onSubmit } = useAuthForm({
    initial: { email: initialEmail },
    validate: validateForgot,
    submit: (v) => forgotPassword(v, lang),
    onDone: () => setDone(true),
  });
  if (done) {
    return (
      <p className="form__success" role="status" data-testid="forgot-done">
        {t('forgot.done')}
      </p>
    );
  }
  return (
    <form ref={form} className="form" noValidate onSubmit={onSubmit} aria-busy={sending} data-testid="forgot-form">
      <p className="field__hint">{t('forgot.intro')}</p>
      <FormError>{formError}</FormError>
      <Field id={`${id}-email`} name="email" type="email" label={t('email')} value={values.email} onChange={set('email')} error={errors.email} required autoComplete="email" />
      <div>
        <button type="submit" className="button button--ghost" disabled={sending}>
          {t('forgot.submit')}
        </button>
      </div>
    </form>
  );
}
