import { useId, useState } from 'react';
import { Field, FormError } from '../../../components/form-fields.jsx';
import { useLanguage } from '../../../lib/language.jsx';
import { CATEGORIES, SUBJECT_MAX } from '../constants.js';
import { EMPTY_TICKET, checkTicket, submitTicket } from '../ticket-form.js';
import { useSupportTexts } from '../texts.js';

/**
 * NewTicketForm opens a support ticket: subject, category and the first message. The page's own
 * check runs on sending; the server's refusals (400) appear under their fields, in its words.
 * onOpened(ticket) follows a ticket the server took. initial: { values, server, message } (tests).
 */
export function NewTicketForm({ onOpened, initial = {} }) {
  const lang = useLanguage();
  const t = useSupportTexts();
  const id = useId();
  const [values, setValues] = useState(initial.values ?? EMPTY_TICKET);
  const [local, setLocal] = useState({});
  const [server, setServer] = useState(initial.server ?? {});
  const [message, setMessage] = useState(initial.message ?? '');
  const [sending, setSending] = useState(false);

  const errorOf = (field) => server[field] || (local[field] ? t(`form.${local[field].code}`, local[field]) : '');
  const change = (field) => (e) => {
    setValues({ ...values, [field]: e.target.value });
    setServer({ ...server, [field]: '' });
    setLocal({ ...local, [field]: undefined });
  };

  async function submit(e) {
    e.preventDefault();
    if (sending) return;
    const errors = checkTicket(values);
    setLocal(errors);
    setServer({});
    if (Object.keys(errors).length) {
      setMessage(t('form.fix'));
      return;
    }
    setSending(true);
    setMessage('');
    const result = await submitTicket(values, lang, t('failed'));
    setSending(false);
    if (result.ticket) {
      setValues(EMPTY_TICKET);
      onOpened?.(result.ticket);
    } else if (result.fields) {
      setServer(result.fields);
      setMessage(t('form.fix'));
    } else {
      setMessage(result.message);
    }
  }

  const categoryError = errorOf('category');
  return (
    <form className="form" onSubmit={submit} noValidate data-testid="new-ticket" aria-busy={sending ? 'true' : undefined}>
      <FormError>{message}</FormError>
      <Field id={`${id}-subject`} name="subject" label={t('form.subject')} required value={values.subject} maxLength={SUBJECT_MAX} hint={t('form.subjectHint')} error={errorOf('subject') || undefined} onChange={change('subject')} />
      <div className="field">
        <label htmlFor={`${id}-category`}>
          {t('form.category')}
          <span aria-hidden="true"> *</span>
        </label>
        <select
          id={`${id}-category`}
          name="category"
          required
          value={values.category}
          onChange={change('category')}
          aria-invalid={categoryError ? 'true' : undefined}
          aria-describedby={categoryError ? `${id}-category-error` : undefined}
        >
          <option value="">{t('form.choose')}</option>
          {CATEGORIES.map((c) => (
            <option key={c} value={c}>
              {t(`categories.${c}`)}
            </option>
          ))}
        </select>
        {categoryError && (
          <p id={`${id}-category-error`} className="field__error">
            {categoryError}
          </p>
        )}
      </div>
      <Field id={`${id}-message`} name="message" label={t('form.message')} required multiline value={values.message} hint={t('form.messageHint')} error={errorOf('message') || undefined} onChange={change('message')} />
      <div>
        <button type="submit" className="button" disabled={sending}>
          {sending ? t('form.sending') : t('form.submit')}
        </button>
      </div>
    </form>
  );
}
