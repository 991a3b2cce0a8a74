import { useId, useState } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError } from '../../../lib/api-client.js';
import { useLanguage } from '../../../lib/language.jsx';
import { Field, FormError } from '../../../components/form-fields.jsx';
import { Loading } from '../../../components/loading.jsx';
import { addVacation, endVacation, profileKey, useVacations, vacationsKey } from '../api/translators.js';
import { useTranslatorsTexts, wordError } from '../texts.js';
import { todayInTurkey, validateVacation, vacationStatus } from '../vacation.js';
import '../translators.css';
import { StatusPill } from '../../../components/status-pill.jsx';
import { Notice } from '../../../components/notice.jsx';
import { EmptyState } from '../../../components/empty-state.jsx';
import { formatDate } from '../../../lib/format.js';

// A period's days as the page's language writes them; the days are Turkey's calendar days.
const formatDay = (lang, day) => formatDate(lang, day, { dateStyle: 'medium', timeZone: 'UTC' });

/**
 * VacationMode shows whether the translator is on vacation, the periods, and a form to add one.
 * due is what is still on their desk (the app composes it from the jobs feature); it is shown
 * while they are on vacation or one is coming.
 */
export function VacationMode({ due }) {
  const lang = useLanguage();
  const t = useTranslatorsTexts();
  const { mutate } = useSWRConfig();
  const { data, error } = useVacations(lang);
  const [busy, setBusy] = useState('');
  const [message, setMessage] = useState('');
  if (error) return <p className="form__error">{error.code ? error.message : t('loadFailed')}</p>;
  if (!data) return <Loading />;
  const refresh = () => {
    mutate(vacationsKey(lang));
    mutate(profileKey(lang));
  };
  const onEnd = async (v) => {
    if (busy) return;
    setBusy(v.id);
    setMessage('');
    try {
      await endVacation(v.id, lang);
    } catch (err) {
      setMessage(err instanceof ApiError && err.code ? err.message : t('failed'));
    } finally {
      setBusy('');
      refresh();
    }
  };
  return <VacationView data={data} due={due} busy={busy} message={message} onEnd={onEnd} onAdded={refresh} />;
}

/** VacationView draws the status, the periods with theirs, and the form to add one. */
export function VacationView({ data, due, busy = '', message = '', onEnd, onAdded }) {
  const lang = useLanguage();
  const t = useTranslatorsTexts();
  const status = vacationStatus(data);
  const period = status.state === 'on' ? status.current : status.next;
  const statusText = status.state === 'off' ? t('vacation.off') : t(`vacation.${status.state}`, { start: formatDay(lang, period?.start), end: formatDay(lang, period?.end) });
  const periods = [...data.vacations].sort((a, b) => b.start.localeCompare(a.start));
  return (
    <>
      <p className="lead">{t('vacation.lead')}</p>
      <section className="notice" aria-labelledby="vacation-status-title" data-testid="vacation-status" data-state={status.state}>
        <h2 id="vacation-status-title">{t('vacation.statusTitle')}</h2>
        <p>{statusText}</p>
      </section>
      {status.state !== 'off' && due && (
        <section className="account__block" aria-labelledby="vacation-due-title" data-testid="vacation-due">
          <h2 id="vacation-due-title">{t('vacation.dueTitle')}</h2>
          <p>{t('vacation.dueLead')}</p>
          {due}
        </section>
      )}
      <section className="account__block" aria-labelledby="vacation-periods-title">
        <h2 id="vacation-periods-title">{t('vacation.periods')}</h2>
        <FormError>{message}</FormError>
        {periods.length === 0 ? (
          <EmptyState>{t('vacation.none')}</EmptyState>
        ) : (
          <ul className="rows" data-testid="vacation-periods">
            {periods.map((v) => (
              <li key={v.id} className="row-card" data-status={v.status}>
                <div className="row-card__main">
                  <strong>
                    {formatDay(lang, v.start)} – {formatDay(lang, v.end)}
                  </strong>
                  {v.note && <span>{v.note}</span>}
                  <StatusPill domain="vacation" status={v.status} label={t(`vacation.statuses.${v.status}`)} />
                </div>
                {v.status !== 'over' && (
                  <div className="row-card__actions">
                    <button type="button" className="button button--ghost button--small" disabled={!!busy} onClick={() => onEnd(v)}>
                      {v.status === 'running' ? t('vacation.end') : t('vacation.remove')}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="account__block" aria-labelledby="vacation-add-title">
        <h2 id="vacation-add-title">{t('vacation.addTitle')}</h2>
        <AddVacationForm onAdded={onAdded} />
      </section>
    </>
  );
}

function AddVacationForm({ onAdded }) {
  const lang = useLanguage();
  const t = useTranslatorsTexts();
  const id = useId();
  const [values, setValues] = useState({ start: '', end: '', note: '' });
  const [server, setServer] = useState({});
  const [status, setStatus] = useState('');
  const [message, setMessage] = useState('');
  const local = status === 'invalid' || status === 'failed' ? validateVacation(values) : {};
  const error = (f) => server[f] || wordError(t, local[f]);
  const change = (f) => (e) => {
    setValues({ ...values, [f]: e.target.value });
    setServer({ ...server, [f]: '' });
  };
  async function submit(e) {
    e.preventDefault();
    if (status === 'adding') return;
    if (Object.keys(validateVacation(values)).length) {
      setStatus('invalid');
      return;
    }
    setStatus('adding');
    setMessage('');
    try {
      await addVacation({ start: values.start, end: values.end, note: values.note.trim() }, lang);
      setValues({ start: '', end: '', note: '' });
      setStatus('added');
      onAdded?.();
    } catch (err) {
      setStatus('failed');
      if (err instanceof ApiError && err.status === 400 && Object.keys(err.fields).length) {
        setServer(err.fields);
        const other = Object.entries(err.fields).filter(([f]) => !['start', 'end', 'note'].includes(f));
        if (other.length) setMessage(other.map(([, m]) => m).join(' '));
      } else setMessage(err instanceof ApiError && err.code ? err.message : t('failed'));
    }
  }
  return (
    <form className="form" onSubmit={submit} noValidate data-testid="vacation-add">
      {status === 'added' && (
        <Notice>
          {t('vacation.added')}
        </Notice>
      )}
      <FormError>{message || (status === 'invalid' ? t('fix') : '')}</FormError>
      <div className="form__row">
        <Field id={`${id}-start`} name="start" type="date" label={t('vacation.start')} required min={todayInTurkey()} value={values.start} error={error('start') || undefined} onChange={change('start')} />
        <Field id={`${id}-end`} name="end" type="date" label={t('vacation.endDate')} required min={values.start || todayInTurkey()} value={values.end} error={error('end') || undefined} onChange={change('end')} />
      </div>
      <Field id={`${id}-note`} name="note" label={t('vacation.note')} value={values.note} maxLength={500} hint={t('optional')} error={error('note') || undefined} onChange={change('note')} />
      <div>
        <button type="submit" className="button" disabled={status === 'adding'}>
          {status === 'adding' ? t('vacation.adding') : t('vacation.add')}
        </button>
      </div>
    </form>
  );
}
