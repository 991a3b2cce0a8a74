import { useId } from 'react';
import { useAuth } from '../auth-context.jsx';
import { validateLogin } from '../validate.js';
import { CheckField, Field, FormError } from '../../../components/form-fields.jsx';
import { useAuthForm, useAuthTexts } from './auth-form.jsx';

/** LoginForm signs in with email and password (spec §3); onSignedIn(user) follows success. */
export function LoginForm({ onSignedIn }) {
  const t = useAuthTexts();
  const { login } = useAuth();
  const id = useId();
  const { values, set, errors, formError, sending, form, onSubmit } = useAuthForm({
    initial: { email: '', password: '', rememberMe: false },
    validate: validateLogin,
    submit: login,
    onDone: onSignedIn,
  });
  return (
    <form ref={form} className="form" noValidate onSubmit={onSubmit} aria-busy={sending} data-testid="login-form">
      <FormError>{formError}</FormError>
      <Field id={`${id}-email`} name="email" type="email" label={t('email')} value={values.email} onChange={set('email')} error={errors.email} required autoComplete="email" />
      <Field
        id={`${id}-password`}
        name="password"
        type="password"
        label={t('password')}
        value={values.password}
        onChange={set('password')}
        error={errors.password}
        required
        autoComplete="current-password"
      />
      <CheckField id={`${id}-remember`} name="rememberMe" label={t('rememberMe')} checked={values.rememberMe} onChange={set('rememberMe')} />
      <div>
        <button type="submit" className="button" disabled={sending}>
          {sending ? t('login.sending') : t('login.submit')}
        </button>
      </div>
    </form>
  );
}
