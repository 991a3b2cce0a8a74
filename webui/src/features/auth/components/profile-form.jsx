import { useId, useState } from 'react';
import { useLanguage } from '../../../lib/language.jsx';
import { useAuth } from '../auth-context.jsx';
import { updateMe } from '../api/account.js';
import { validateProfile } from '../validate.js';
import { Field, FormError } from '../../../components/form-fields.jsx';
import { useAuthForm, useAuthTexts } from './auth-form.jsx';
import { EmailStatus } from './email-status.jsx';
import { Notice } from '../../../components/notice.jsx';

const text = (v) => (typeof v === 'string' ? v : '');

/** ProfileForm edits the customer account's details (spec §3); the email is shown, not edited. */
export function ProfileForm() {
  const lang = useLanguage();
  const t = useAuthTexts();
  const { user, update } = useAuth();
  const id = useId();
  const [saved, setSaved] = useState(false);
  const { values, set, errors, formError, sending, form, onSubmit } = useAuthForm({
    initial: { fullName: text(user?.fullName), phone: text(user?.phone), companyName: text(user?.companyName), address: text(user?.address) },
    validate: (v) => {
      setSaved(false);
      return validateProfile(v);
    },
    submit: (v) => updateMe(v, lang),
    onDone: (answer) => {
      if (answer?.user) update(answer.user); // the header shows the new name at once
      setSaved(true);
    },
  });
  const field = (name, label, props) => (
    <Field id={`${id}-${name}`} name={name} label={label} value={values[name]} onChange={set(name)} error={errors[name]} {...props} />
  );
  return (
    <form ref={form} className="form" noValidate onSubmit={onSubmit} aria-busy={sending} data-testid="profile-form">
      <FormError>{formError}</FormError>
      {saved && (
        <Notice>
          {t('profile.done')}
        </Notice>
      )}
      {field('fullName', t('fullName'), { required: true, autoComplete: 'name' })}
      <Field id={`${id}-email`} name="email" type="email" label={t('email')} value={text(user?.email)} readOnly hint={t('profile.emailHint')} />
      <EmailStatus user={user} />
      <div className="form__row">
        {field('phone', t('profile.phone'), { type: 'tel', autoComplete: 'tel', hint: t('profile.phoneHint') })}
        {field('companyName', t('profile.companyName'), { autoComplete: 'organization', hint: t('profile.companyHint') })}
      </div>
      {field('address', t('profile.address'), { multiline: true, autoComplete: 'street-address' })}
      <div>
        <button type="submit" className="button" disabled={sending}>
          {t('profile.submit')}
        </button>
      </div>
    </form>
  );
}
