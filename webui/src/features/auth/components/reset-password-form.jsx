import { useId, useState } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { resetPassword } from '../api/account.js';
import { validatePasswordReset } from '../validate.js';
import { Field, FormError } from '../../../components/form-fields.jsx';
import { useAuthForm, useAuthTexts } from './auth-form.jsx';

/** ResetPasswordForm sets a new password with the token of a mailed link; children follow success. */
export function ResetPasswordForm({ token, children }) {
  const lang = useLanguage();
  const t = useAuthTexts();
  const id = useId();
  const [done, setDone] = useState(false);
  const { values, set, errors, formError, sending, form, onSubmit } = useAuthForm({
    initial: { newPassword: '', confirmPassword: '' },
    validate: validatePasswordReset,
    submit: (v) => resetPassword({ token, ...v }, lang),
    onDone: () => setDone(true),
  });
  if (done) {
    return (
      <div className="form__success" role="status" data-testid="reset-done">
        <p>{t('reset.done')}</p>
        {children}
      </div>
    );
  }
  return (
    <form ref={form} className="form" noValidate onSubmit={onSubmit} aria-busy={sending} data-testid="reset-form">
      <FormError>{formError}</FormError>
      <Field
        id={`${id}-new`}
        name="newPassword"
        type="password"
        label={t('newPassword')}
        value={values.newPassword}
        onChange={set('newPassword')}
        error={errors.newPassword}
        hint={t('passwordHint')}
        required
        autoComplete="new-password"
      />
      <Field
        id={`${id}-confirm`}
        name="confirmPassword"
        type="password"
        label={t('confirmNewPassword')}
        value={values.confirmPassword}
        onChange={set('confirmPassword')}
        error={errors.confirmPassword}
        required
        autoComplete="new-password"
      />
      <div>
        <button type="submit" className="button" disabled={sending}>
          {t('reset.submit')}
        </button>
      </div>
    </form>
  );
}
