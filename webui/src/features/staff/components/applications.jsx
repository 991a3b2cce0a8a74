import { Link } from 'react-router-dom';
import { Notice } from '../../../components/notice.jsx';
import { StatusPill } from '../../../components/status-pill.jsx';
import { staffPath } from '../../../config/paths.js';
import { useLanguageName } from '../../../lib/api/get-languages.js';
import { formatMoment } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { useSpecializationName } from '../../../lib/specializations.js';
import { approveApplication, cvUrl, portfolioUrl, rejectApplication, useApplication, useApplicationPages } from '../api/staff.js';
import { useStaffTexts } from '../texts.js';
import { ActionButton, ActionError, RejectForm, useRequestOnce } from './actions.jsx';
import { AuditLink } from './audit-link.jsx';
import { ListState, MorePages, SORTS, SearchForm, SortSelect, StatusFilter, useListParams } from './list-state.jsx';
import { DataTable } from '../../../components/data-table.jsx';

const STATUSES = ['submitted', 'approved', 'rejected'];
const fullName = (a) => [a.firstName, a.lastName].filter(Boolean).join(' ');

/** Applications lists applications by status with a search, 50 a page, "more" loading the next. */
export function Applications() {
  const lang = useLanguage();
  const t = useStaffTexts();
  const languageName = useLanguageName();
  const [{ status, q, sort }, change] = useListParams({ status: 'submitted', q: '', sort: 'newest' }, { sort: SORTS.default });
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useApplicationPages(lang, { status, q, sort });
  const rows = (data ?? []).flatMap((p) => p?.applications ?? []);
  const more = data?.at(-1)?.more;
  return (
    <>
      <StatusFilter statuses={STATUSES} value={status} onChange={(v) => change({ status: v })} texts={(s) => t(`applications.statuses.${s}`)} />
      <SortSelect value={sort} onChange={(v) => change({ sort: v })} />
      <SearchForm label={t('common.searchLabel')} value={q} onSearch={(q) => change({ q })} maxLength={40} />
      <ListState loading={isLoading} error={error} empty={!isLoading && !error && rows.length === 0} retry={mutate} />
      {rows.length > 0 && (
        <DataTable rows="boxed">
          <thead>
            <tr>
              {['name', 'email', 'languages', 'submitted'].map((k) => (
                <th key={k} scope="col">{t(`applications.${k}`)}</th>
              ))}
              <th scope="col">{t('common.status')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((a) => (
              <tr key={a.id} data-application-id={a.id}>
                <td data-label={t('applications.name')}>
                  <Link to={staffPath(lang, 'basvurular', a.id)}>{fullName(a)}</Link>
                </td>
                <td data-label={t('applications.email')}>{a.email}</td>
                <td data-label={t('applications.languages')}>{[a.nativeLanguage, ...(a.workingLanguages ?? [])].filter(Boolean).map(languageName).join(', ')}</td>
                <td data-label={t('applications.submitted')}>{formatMoment(lang, a.submittedAt)}</td>
                <td data-label={t('common.status')}>
                  <StatusPill domain="application" status={a.status} label={t(`applications.statuses.${a.status}`)} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      )}
      <MorePages pages={{ size, setSize, isValidating }} more={more} testid="applications-more" />
    </>
  );
}

/** ApplicationView is one application with its files and, while under review, Approve and Reject. */
export function ApplicationView({ application, onDecided, request: given }) {
  const lang = useLanguage();
  const t = useStaffTexts();
  const languageName = useLanguageName();
  const fieldName = useSpecializationName();
  const [request, state] = useRequestOnce(given);
  const a = state.result ?? application;
  // Languages and fields by name in the page's language: staff read "İngilizce", not "en".
  const facts = [
    ['email', a.email],
    ['phone', a.phone],
    ['native', a.nativeLanguage && languageName(a.nativeLanguage)],
    ['working', (a.workingLanguages ?? []).map(languageName).join(', ')],
    ['specializations', (a.specializations ?? []).map(fieldName).join(', ')],
    ['experience', a.experienceYears],
    ['education', a.education],
    ['certificates', a.certificates],
    ['submitted', formatMoment(lang, a.submittedAt)],
  ];
  return (
    <article className="staff-detail" data-application-id={a.id} data-status={a.status}>
      <h2>{fullName(a)}</h2>
      <p>
        {t('common.status')}: <StatusPill domain="application" status={a.status} label={t(`applications.statuses.${a.status}`)} />
      </p>
      <dl className="staff-facts">
        {facts
          .filter(([, v]) => v !== undefined && v !== null && v !== '')
          .map(([k, v]) => (
            <div key={k}>
              <dt>{t(`applications.${k}`)}</dt>
              <dd>{v}</dd>
            </div>
          ))}
        {a.status !== 'submitted' && (
          <div>
            <dt>{t('applications.decided')}</dt>
            <dd>
              {formatMoment(lang, a.decidedAt)}
              {a.reason && ` – ${t('applications.reason')}: ${a.reason}`}
            </dd>
          </div>
        )}
      </dl>
      <p>
        <AuditLink area="translators" kind="application" id={a.id} />
      </p>
      <h3>{t('applications.files')}</h3>
      <ul className="staff-files">
        <li>
          <a href={cvUrl(a.id)} download>
            {t('applications.cv')}
            {a.cv?.name && ` (${a.cv.name})`}
          </a>
        </li>
        {a.portfolio && (
          <li>
            <a href={portfolioUrl(a.id)} download>
              {t('applications.portfolio')}
              {a.portfolio.name && ` (${a.portfolio.name})`}
            </a>
          </li>
        )}
        {a.portfolioUrl && (
          <li>
            <a href={a.portfolioUrl} target="_blank" rel="noopener noreferrer nofollow">
              {t('applications.portfolioLink')}
            </a>
          </li>
        )}
      </ul>
      {state.result && <Notice>{t(a.status === 'approved' ? 'applications.approved' : 'applications.rejected')}</Notice>}
      {a.status === 'submitted' && (
        <div className="staff-actions">
          <ActionButton request={request} state={state} what="approve" send={() => approveApplication(a.id, lang)} onDone={onDecided}>
            {t('applications.approve')}
          </ActionButton>
          <RejectForm request={request} state={state} max={1000} send={(reason) => rejectApplication(a.id, reason, lang)} onDone={onDecided} />
        </div>
      )}
      <ActionError state={state} />
    </article>
  );
}

/** ApplicationDetail loads one application (svc-translators admin/applications/{id}). */
export function ApplicationDetail({ id }) {
  const lang = useLanguage();
  const t = useStaffTexts();
  const { data, error, isLoading, mutate } = useApplication(id, lang);
  return (
    <>
      <p>
        <Link to={staffPath(lang, 'basvurular')}>← {t('common.back')}</Link>
      </p>
      <ListState loading={isLoading} error={error} retry={mutate} />
      {data && <ApplicationView application={data} onDecided={(a) => mutate(a, { revalidate: false })} />}
    </>
  );
}
