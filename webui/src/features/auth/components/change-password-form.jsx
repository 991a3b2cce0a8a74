import { useId, useState } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { changePassword } from '../api/account.js';
import { validatePasswordChange } from '../validate.js';
import { Field, FormError } from '../../../components/form-fields.jsx';
import { useAuthForm, useAuthTexts } from './auth-form.jsx';
import { Notice } from '../../../components/notice.jsx';

const EMPTY = { currentPassword: '', newPassword: '', confirmPassword: '' };

/**
 * ChangePasswordForm changes the signed-in user's password. A confirmation that differs reads
 * exactly "Yeni parolalar eşleşmiyor!" / "New passwords do not match!" (spec §5).
 */
export function ChangePasswordForm() {
  const lang = useLanguage();
  const t = useAuthTexts();
  const id = useId();
  const [saved, setSaved] = useState(false);
  const { values, setValues, set, errors, formError, sending, form, onSubmit } = useAuthForm({
    initial: EMPTY,
    validate: (v) => {
      setSaved(false);
      return validatePasswordChange(v);
    },
    submit: (v) => changePassword(v, lang),
    onDone: () => {
      setValues(EMPTY);
      setSaved(true);
    },
  });
  const field = (name, label, props) => (
    <Field id={`${id}-${name}`} name={name} type="password" label={label} value={values[name]} onChange={set(name)} error={errors[name]} required {...props} />
  );
  return (
    <form ref={form} className="form" noValidate onSubmit={onSubmit} aria-busy={sending} data-testid="password-form">
      <FormError>{formError}</FormError>
      {saved && (
        <Notice>
          {t('change.done')}
        </Notice>
      )}
      {field('currentPassword', t('currentPassword'), { autoComplete: 'current-password' })}
      {field('newPassword', t('newPassword'), { autoComplete: 'new-password', hint: t('passwordHint') })}
      {field('confirmPassword', t('confirmNewPassword'), { autoComplete: 'new-password' })}
      <div>
        <button type="submit" className="button" disabled={sending}>
          {t('change.submit')}
        </button>
      </div>
    </form>
  );
}
