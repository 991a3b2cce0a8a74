import { useSearchParams } from 'react-router-dom';
import { formatIstanbulMoment } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { usePrivacyPages } from '../api/staff.js';
import { usePrivacyStaffTexts } from '../texts-privacy.js';
import { useStaffTexts } from '../texts.js';
import { ListState, MorePages, StatusFilter } from './list-state.jsx';
import { StatusPill } from '../../../components/status-pill.jsx';
import { DataTable } from '../../../components/data-table.jsx';

const STATES = ['unverified', 'open', 'ready', 'delivered', 'completed'];

/**
 * PrivacyRequests is the back office's KVKK requests (svc-auth): each with who asked, what, its
 * state and its 30-day clock, the services that answered and those still awaited; by state
 * (open unless said), newest first, 50 a page.
 */
export function PrivacyRequests() {
  const lang = useLanguage();
  const t = usePrivacyStaffTexts();
  const [params, setParams] = useSearchParams();
  const raw = params.get('state');
  const state = STATES.includes(raw) ? raw : raw === 'all' ? '' : 'open';
  const { data, error, isLoading, isValidating, size, setSize, mutate } = usePrivacyPages(lang, { state });
  const rows = (data ?? []).flatMap((p) => p?.requests ?? []);
  return (
    <>
      <StatusFilter statuses={STATES} value={state} onChange={(s) => setParams({ state: s === '' ? 'all' : s })} allowAll texts={(s) => t(`states.${s}`)} />
      <ListState loading={isLoading} error={error} empty={!isLoading && !error && rows.length === 0} retry={mutate} />
      {rows.length > 0 && <PrivacyTable requests={rows} lang={lang} />}
      <MorePages pages={{ size, setSize, isValidating }} more={data?.at(-1)?.more} testid="privacy-more" />
    </>
  );
}

function PrivacyTable({ requests, lang }) {
  const t = usePrivacyStaffTexts();
  const ts = useStaffTexts();
  return (
    <DataTable rows="boxed" data-testid="privacy-requests">
      <thead>
        <tr>
          {['email', 'kind', 'created', 'due', 'parts'].map((k) => (
            <th key={k} scope="col">{t(k)}</th>
          ))}
          <th scope="col">{ts('common.status')}</th>
        </tr>
      </thead>
      <tbody>
        {requests.map((r) => (
          <tr key={r.id} data-request-id={r.id} data-state={r.state}>
            <td data-label={t('email')}>
              <span className="staff-mono">{r.email}</span>
              <br />
              <span className="field__hint">{r.userId ? t('account') : t('visitor')}</span>
            </td>
            <td data-label={t('kind')}>{t(`kinds.${r.kind}`)}</td>
            <td data-label={t('created')}>{formatIstanbulMoment(lang, r.openedAt ?? r.createdAt)}</td>
            <td data-label={t('due')} data-days-left={r.daysLeft ?? ''}>
              {r.dueAt ? formatIstanbulMoment(lang, r.dueAt) : '–'}
              {r.daysLeft !== undefined && r.daysLeft !== null && (
                <>
                  <br />
                  <strong className={r.daysLeft < 0 ? 'staff-flag' : undefined}>{r.daysLeft < 0 ? t('overdue') : t('daysLeft', { count: r.daysLeft })}</strong>
                </>
              )}
            </td>
            <td data-label={t('parts')}>
              {r.parts.length}/{r.parts.length + r.waiting.length}
              {r.waiting.length > 0 && r.state === 'open' && (
                <>
                  <br />
                  <span className="field__hint">
                    {t('waiting')}: {r.waiting.join(', ')}
                  </span>
                </>
              )}
              {r.kind === 'erasure' && r.state === 'completed' && (
                // What the law keeps: the services' reports, by the retention list's names.
                <>
                  <br />
                  <span className="field__hint" data-testid="kept">
                    {t('kept')}:{' '}
                    {r.parts
                      .flatMap((p) => (p.kept ?? []).filter((k) => k.count > 0).map((k) => `${k.collection} ${k.count}`))
                      .join(', ') || '–'}
                  </span>
                </>
              )}
            </td>
            <td data-label={ts('common.status')}>
              <StatusPill domain="privacy" status={r.state} label={t(`states.${r.state}`)} />
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}
