import { useId, useRef, useState } from 'react';
import { useAdoptTyped } from '../../../lib/adopt-typed.js';
import { useLanguage } from '../../../lib/language.jsx';
import { defineTexts, useCommonTexts } from '../../../lib/i18n.js';
import { ApiError } from '../../../lib/api-client.js';
import { Field, FormError } from '../../../components/form-fields.jsx';
import { sendInquiry } from '../api/send-inquiry.js';
import { validateInquiry } from '../validate.js';

const texts = {
  tr: {
    name: 'Ad soyad',
    email: 'E-posta',
    phone: 'Telefon',
    phoneHint: 'İsteğe bağlı; sizi aramamızı isterseniz.',
    company: 'Şirket',
    message: 'Mesajınız',
    messageCorporate: 'İhtiyacınız (diller, yaklaşık hacim, belge türleri, teslim beklentisi)',
    send: 'Gönder',
    sendCorporate: 'Teklif isteyin',
    successTitle: 'Mesajınız bize ulaştı',
    success: 'Teşekkür ederiz, {{name}}. Ekibimiz bir iş günü içinde {{email}} adresine dönüş yapacak.',
    again: 'Yeni bir mesaj gönderin',
  },
  en: {
    name: 'Full name',
    email: 'Email',
    phone: 'Phone',
    phoneHint: 'Optional; if you would like us to call you.',
    company: 'Company',
    message: 'Your message',
    messageCorporate: 'What you need (languages, approximate volume, document types, expected turnaround)',
    send: 'Send',
    sendCorporate: 'Request a quote',
    successTitle: 'Your message has reached us',
    success: 'Thank you, {{name}}. Our team will reply to {{email}} within one business day.',
    again: 'Send another message',
  },
};
const useInquiryTexts = defineTexts('inquiry', texts);

const EMPTY = { name: '', email: '', phone: '', company: '', message: '' };

/**
 * InquiryForm sends a contact or corporate request (kind) with field errors and a success state.
 * initialMessage starts the message, e.g. with the service a visitor is asking about.
 */
export function InquiryForm({ kind = 'contact', initialMessage = '' }) {
  const lang = useLanguage();
  const t = useInquiryTexts();
  const common = useCommonTexts();
  const formId = useId();
  const [values, setValues] = useState({ ...EMPTY, message: initialMessage });
  const [errors, setErrors] = useState({});
  const [formError, setFormError] = useState('');
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(null);
  const form = useRef(null);
  // What was typed or autofilled before the page hydrated.
  useAdoptTyped(form, { ...EMPTY, message: initialMessage }, (typed) => setValues((v) => ({ ...v, ...typed })));

  const set = (field) => (e) => setValues((v) => ({ ...v, [field]: e.target.value }));

  async function onSubmit(e) {
    e.preventDefault();
    setFormError('');
    const local = validateInquiry(values, kind);
    const messages = Object.fromEntries(Object.entries(local).map(([f, [key, params]]) => [f, common(`form.${key}`, params)]));
    setErrors(messages);
    if (Object.keys(messages).length) {
      form.current?.querySelector('[aria-invalid="true"]')?.focus();
      return;
    }
    setSending(true);
    try {
      await sendInquiry({ kind, ...values }, lang);
      setSent({ name: values.name.trim(), email: values.email.trim() });
      setValues(EMPTY);
    } catch (err) {
      if (err instanceof ApiError && Object.keys(err.fields).length) setErrors(err.fields);
      setFormError(err instanceof ApiError ? err.message : common('form.failed'));
    } finally {
      setSending(false);
    }
  }

  if (sent) {
    return (
      <div className="form__success" role="status" data-testid="inquiry-success">
        <h2>{t('successTitle')}</h2>
        <p>{t('success', sent)}</p>
        <button type="button" className="button button--ghost" onClick={() => setSent(null)}>
          {t('again')}
        </button>
      </div>
    );
  }

  const field = (name, label, { type = 'text', required = false, autoComplete, hint, multiline = false } = {}) => (
    <Field
      id={`${formId}-${name}`}
      name={name}
      label={label}
      value={values[name]}
      onChange={set(name)}
      error={errors[name]}
      hint={hint}
      required={required}
      autoComplete={autoComplete}
      {...(multiline ? { multiline, rows: 6 } : { type })}
    />
  );

  return (
    <form ref={form} className="form" noValidate onSubmit={onSubmit} aria-busy={sending} data-testid={`${kind}-form`}>
      <FormError>{formError}</FormError>
      <div className="form__row">
        {field('name', t('name'), { required: true, autoComplete: 'name' })}
        {field('email', t('email'), { type: 'email', required: true, autoComplete: 'email' })}
      </div>
      <div className="form__row">
        {field('phone', t('phone'), { type: 'tel', autoComplete: 'tel', hint: t('phoneHint') })}
        {field('company', t('company'), { required: kind === 'corporate', autoComplete: 'organization' })}
      </div>
      {field('message', kind === 'corporate' ? t('messageCorporate') : t('message'), { required: true, multiline: true })}
      <div>
        <button type="submit" className="button" disabled={sending}>
          {sending ? common('form.sending') : kind === 'corporate' ? t('sendCorporate') : t('send')}
        </button>
      </div>
    </form>
  );
}
