import { Fragment, useId, useState } from 'react';
import { Notice } from '../../../components/notice.jsx';
import { useLanguageName } from '../../../lib/api/get-languages.js';
import { useLanguage } from '../../../lib/language.jsx';
import { formatMoment } from '../../../lib/format.js';
import { useSpecializationName } from '../../../lib/specializations.js';
import { suspendTranslator, unsuspendTranslator } from '../api/customers.js';
import { setActiveJobCap, useTranslatorPages, verifySworn } from '../api/staff.js';
import { useMoneyTexts } from '../money-texts.js';
import { errorText, useStaffTexts } from '../texts.js';
import { ActionButton, ActionError, RejectForm, useRequestOnce } from './actions.jsx';
import { AuditLink } from './audit-link.jsx';
import { ListState, MorePages, SORTS, SearchForm, SortSelect, StatusFilter, useListParams } from './list-state.jsx';
import { DataTable } from '../../../components/data-table.jsx';

/** capValue is the cap typed as a whole number 1–20, else null. */
export function capValue(text) {
  const s = String(text ?? '').trim();
  if (!/^\d{1,2}$/.test(s)) return null;
  const n = Number(s);
  return n >= 1 && n <= 20 ? n : null;
}

/**
 * Suspension shows whether staff hold the translator back from new work, with Suspend (a
 * required reason, 1–500 characters) or Lift; the answer is the profile, given to onChange.
 */
export function Suspension({ profile, onChange, request: given, open = false }) {
  const lang = useLanguage();
  const t = useMoneyTexts();
  const [request, state] = useRequestOnce(given);
  const done = (result) => result && onChange?.(result);
  if (profile.suspended) {
    return (
      <div data-suspended="true">
        <p>
          <strong>{t('suspend.suspended')}</strong> {profile.suspension?.at && t('suspend.since', { when: formatMoment(lang, profile.suspension.at) })}
          {profile.suspension?.reason && ` – ${profile.suspension.reason}`}
        </p>
        <ActionButton request={request} state={state} what="unsuspend" ghost send={() => unsuspendTranslator(profile.translatorId, lang)} onDone={done}>
          {t('suspend.lift')}
        </ActionButton>
        <ActionError state={state} />
      </div>
    );
  }
  const words = { open: t('suspend.button'), title: t('suspend.title'), reason: t('suspend.reason'), hint: t('suspend.hint'), send: t('suspend.send') };
  return (
    <div data-suspended="false">
      <p>{t('suspend.active')}</p>
      {state.result && <Notice>{t('suspend.lifted')}</Notice>}
      <RejectForm what="suspend" words={words} request={request} state={state} max={500} open={open} send={(reason) => suspendTranslator(profile.translatorId, reason, lang)} onDone={done} />
      <ActionError state={state} />
    </div>
  );
}

/** TranslatorRow is one profile: sworn status with Verify, the active-job cap with Save, the suspension. */
export function TranslatorRow({ profile: given }) {
  const lang = useLanguage();
  const t = useStaffTexts();
  const words = useMoneyTexts();
  const id = useId();
  const [verify, verifyState] = useRequestOnce();
  const [cap, capState] = useRequestOnce();
  const [suspension, setSuspension] = useState(null);
  const profile = suspension ?? capState.result ?? verifyState.result ?? given;
  const [typed, setTyped] = useState(String(given.activeJobCap ?? ''));
  const [capError, setCapError] = useState('');
  const sworn = profile.competencies?.sworn;
  const languageName = useLanguageName();
  const fieldName = useSpecializationName();
  // Pairs and fields by name ("İngilizce → Türkçe · Hukuk"): staff pick translators by them.
  const pairs = (profile.competencies?.pairs ?? []).map((p) => `${languageName(p.source)} → ${languageName(p.target)}`);
  const fields = (profile.competencies?.specializations ?? []).map(fieldName).join(', ');
  const saveCap = (e) => {
    e.preventDefault();
    const value = capValue(typed);
    if (value === null) return setCapError(t('translators.capInvalid'));
    setCapError('');
    cap.run('cap', () => setActiveJobCap(given.translatorId, value, lang));
  };
  return (
    <tr data-translator-id={given.translatorId}>
      <td data-label={t('translators.name')}>{profile.fullName}</td>
      <td data-label={t('translators.email')}>{profile.email}</td>
      <td data-label={t('translators.pairs')}>
        {/* A pair is not broken at its arrow; the list wraps between pairs. */}
        {pairs.map((p, i) => (
          <Fragment key={p}>
            {i > 0 && ', '}
            <span className="staff-lang-pair">{p}</span>
          </Fragment>
        ))}
        {fields && `${pairs.length ? ' · ' : ''}${fields}`}
      </td>
      <td data-label={t('translators.sworn')}>
        {!sworn ? t('translators.swornNone') : sworn.verified ? t('translators.swornVerified') : t('translators.swornPending')}
        {sworn?.court && <span className="field__hint"> {sworn.court}</span>}
        {sworn && !sworn.verified && (
          <ActionButton request={verify} state={verifyState} what="verify" ghost send={() => verifySworn(given.translatorId, lang)}>
            {t('translators.verify')}
          </ActionButton>
        )}
        {verifyState.result && <Notice>{t('translators.verified')}</Notice>}
        <ActionError state={verifyState} />
      </td>
      <td data-label={t('translators.cap')}>
        <form className="staff-cap" onSubmit={saveCap} noValidate>
          <label htmlFor={`${id}-cap`} className="visually-hidden">
            {t('translators.capLabel', { name: profile.fullName })}
          </label>
          <input id={`${id}-cap`} type="number" min={1} max={20} inputMode="numeric" value={typed} onChange={(e) => setTyped(e.target.value)} aria-invalid={capError ? 'true' : undefined} />
          <button type="submit" className="button button--small" disabled={!!capState.busy}>
            {capState.busy ? t('common.sending') : t('translators.saveCap')}
          </button>
        </form>
        {capError && <p className="field__error" role="alert">{capError}</p>}
        {capState.error && <p className="field__error" role="alert">{errorText(t, capState.error)}</p>}
        {capState.result && !capState.busy && <Notice>{t('translators.capSaved')}</Notice>}
      </td>
      <td data-label={words('suspend.status')}>
        <Suspension profile={profile} onChange={setSuspension} />
        <AuditLink area="translators" kind="translator" id={given.translatorId} />
      </td>
    </tr>
  );
}

// The translators list's filters as svc-translators takes them.
const SUSPENDED = ['false', 'true'];
const SWORN = ['verified', 'pending'];

/**
 * Translators is the translators' profiles (svc-translators admin/translators), filtered by
 * suspension and sworn status, searched by name or e-mail, sorted, 50 a page.
 */
export function Translators() {
  const lang = useLanguage();
  const t = useStaffTexts();
  const words = useMoneyTexts();
  const [{ suspended, sworn, q, sort }, change] = useListParams({ suspended: '', sworn: '', q: '', sort: 'newest' }, { suspended: ['', ...SUSPENDED], sworn: ['', ...SWORN], sort: SORTS.default });
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useTranslatorPages(lang, { suspended, sworn, q, sort });
  const rows = (data ?? []).flatMap((p) => p?.translators ?? []);
  const more = data?.at(-1)?.more;
  return (
    <>
      <StatusFilter label={t('translators.suspendedFilter')} statuses={SUSPENDED} value={suspended} onChange={(v) => change({ suspended: v })} allowAll texts={(s) => t(`translators.suspendedValues.${s}`)} />
      <StatusFilter label={t('translators.swornFilter')} statuses={SWORN} value={sworn} onChange={(v) => change({ sworn: v })} allowAll texts={(s) => t(`translators.swornValues.${s}`)} />
      <SortSelect value={sort} onChange={(v) => change({ sort: v })} />
      <SearchForm label={t('common.searchLabel')} value={q} onSearch={(v) => change({ q: v })} maxLength={40} />
      <ListState loading={isLoading} error={error} empty={!isLoading && !error && rows.length === 0} retry={mutate} />
      {rows.length > 0 && (
        <DataTable rows="boxed">
          <thead>
            <tr>
              {['name', 'email', 'pairs', 'sworn', 'cap'].map((k) => (
                <th key={k} scope="col">{t(`translators.${k}`)}</th>
              ))}
              <th scope="col">{words('suspend.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((p) => (
              <TranslatorRow key={p.translatorId} profile={p} />
            ))}
          </tbody>
        </DataTable>
      )}
      <MorePages pages={{ size, setSize, isValidating }} more={more} testid="translators-more" />
    </>
  );
}
