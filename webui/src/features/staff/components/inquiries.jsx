import { useId, useState } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { staffPath } from '../../../config/paths.js';
import { formatMoment } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { AuditLink } from './audit-link.jsx';
import { markHandled, replyInquiry, useInquiry, useInquiryPages } from '../api/content.js';
import { errorText, useStaffTexts } from '../texts.js';
import { useContentTexts } from '../texts-content.js';
import { ActionButton, ActionError, useRequestOnce } from './actions.jsx';
import { ListState, MorePages, SORTS, SearchForm, SortSelect, StatusFilter } from './list-state.jsx';
import { StatusPill } from '../../../components/status-pill.jsx';
import { Notice } from '../../../components/notice.jsx';
import { DataTable } from '../../../components/data-table.jsx';

const KINDS = ['contact', 'corporate'];
const STATUSES = ['open', 'handled'];

/** inquiryFilter reads the list's filter from the address: kind and status ('' for all; open unless said), search. */
export function inquiryFilter(params) {
  const status = params.get('status');
  return {
    kind: KINDS.includes(params.get('kind')) ? params.get('kind') : '',
    status: STATUSES.includes(status) ? status : status === 'all' ? '' : 'open',
    q: (params.get('q') ?? '').slice(0, 40),
    sort: SORTS.default.includes(params.get('sort')) ? params.get('sort') : 'newest',
  };
}

/** Inquiries lists the contact and corporate messages by kind and status with a search, 50 a page. */
export function Inquiries() {
  const lang = useLanguage();
  const t = useContentTexts();
  const ts = useStaffTexts();
  const [params, setParams] = useSearchParams();
  const filter = inquiryFilter(params);
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useInquiryPages(lang, filter);
  const rows = (data ?? []).flatMap((p) => p?.inquiries ?? []);
  const more = data?.at(-1)?.more;
  const change = (values) =>
    setParams((prev) => {
      const next = new URLSearchParams(prev);
      for (const [k, v] of Object.entries(values)) {
        if (v === '' && k !== 'status') next.delete(k);
        else next.set(k, v === '' ? 'all' : v);
      }
      return next;
    });
  return (
    <>
      <div className="filters" role="group" aria-label={t('inquiries.kind')}>
        {['', ...KINDS].map((k) => (
          <button key={k || 'all'} type="button" aria-pressed={filter.kind === k} onClick={() => change({ kind: k })} data-kind={k || 'all'}>
            {k ? t(`inquiries.kinds.${k}`) : ts('common.all')}
          </button>
        ))}
      </div>
      <StatusFilter statuses={STATUSES} value={filter.status} onChange={(status) => change({ status })} allowAll texts={(s) => t(`inquiries.statuses.${s}`)} />
      <SortSelect value={filter.sort} onChange={(v) => change({ sort: v === 'newest' ? '' : v })} />
      <SearchForm label={t('inquiries.searchLabel')} value={filter.q} onSearch={(q) => change({ q })} maxLength={40} />
      <ListState loading={isLoading} error={error} empty={!isLoading && !error && rows.length === 0} retry={mutate} />
      {rows.length > 0 && <InquiriesTable inquiries={rows} />}
      <MorePages pages={{ size, setSize, isValidating }} more={more} testid="inquiries-more" />
    </>
  );
}

/** InquiriesTable is the list's rows, each linked to its message. */
export function InquiriesTable({ inquiries }) {
  const lang = useLanguage();
  const t = useContentTexts();
  const ts = useStaffTexts();
  return (
    <DataTable rows="boxed">
      <thead>
        <tr>
          {['name', 'company', 'kind', 'received'].map((k) => (
            <th key={k} scope="col">{t(`inquiries.${k}`)}</th>
          ))}
          <th scope="col">{ts('common.status')}</th>
        </tr>
      </thead>
      <tbody>
        {inquiries.map((q) => (
          <tr key={q.id} data-inquiry-id={q.id}>
            <td data-label={t('inquiries.name')}>
              <Link to={staffPath(lang, 'mesajlar', q.id)}>{q.name}</Link>
              <br />
              <span className="staff-mono">{q.email}</span>
            </td>
            <td data-label={t('inquiries.company')}>{q.company}</td>
            <td data-label={t('inquiries.kind')}>{t(`inquiries.kinds.${q.kind}`)}</td>
            <td data-label={t('inquiries.received')}>{formatMoment(lang, q.createdAt)}</td>
            <td data-label={ts('common.status')}>
              <StatusPill domain="inquiry" status={q.status} label={t(`inquiries.statuses.${q.status}`)} />
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** InquiryView is one message with its replies, Mark as handled while open, and the reply form. onChange(inquiry) takes each answer. */
export function InquiryView({ inquiry, onChange }) {
  const lang = useLanguage();
  const t = useContentTexts();
  const ts = useStaffTexts();
  const id = useId();
  const [reply, replyState] = useRequestOnce();
  const [handle, handleState] = useRequestOnce();
  const [message, setMessage] = useState('');
  const [error, setError] = useState('');
  const [sent, setSent] = useState(false);
  const send = (e) => {
    e.preventDefault();
    if (!message.trim()) return setError(t('inquiries.replyRequired'));
    setError('');
    reply.run('reply', () => replyInquiry(inquiry.id, message.trim(), lang)).then((answer) => {
      if (!answer) return;
      setMessage('');
      setSent(true);
      onChange?.(answer);
    });
  };
  const replies = inquiry.replies ?? [];
  const facts = [
    ['email', <a key="e" href={`mailto:${inquiry.email}`}>{inquiry.email}</a>],
    ['phone', inquiry.phone],
    ['company', inquiry.company],
    ['kind', t(`inquiries.kinds.${inquiry.kind}`)],
    ['language', t(`languages.${inquiry.language}`, { defaultValue: inquiry.language })],
    ['received', formatMoment(lang, inquiry.createdAt)],
  ].filter(([, v]) => v);
  return (
    <article className="staff-detail" data-inquiry-id={inquiry.id} data-status={inquiry.status}>
      <h2>{inquiry.name}</h2>
      <p>
        {ts('common.status')}: <StatusPill domain="inquiry" status={inquiry.status} label={t(`inquiries.statuses.${inquiry.status}`)} />
        {inquiry.handledBy && ` · ${t('inquiries.handledBy', { name: inquiry.handledBy.name, at: formatMoment(lang, inquiry.handledAt) })}`}
      </p>
      <p>
        <AuditLink area="catalog" kind="inquiry" id={inquiry.id}>
          {t('history')}
        </AuditLink>
      </p>
      <dl className="staff-facts">
        {facts.map(([k, v]) => (
          <div key={k}>
            <dt>{t(`inquiries.${k}`)}</dt>
            <dd>{v}</dd>
          </div>
        ))}
      </dl>
      <h3>{t('inquiries.message')}</h3>
      <p className="staff-thread__body">{inquiry.message}</p>
      {inquiry.status === 'open' && (
        <div className="staff-actions">
          <ActionButton request={handle} state={handleState} what="handled" ghost send={() => markHandled(inquiry.id, lang)} onDone={onChange}>
            {t('inquiries.handled')}
          </ActionButton>
        </div>
      )}
      <ActionError state={handleState} />
      {handleState.result && <Notice>{t('inquiries.doneHandled')}</Notice>}
      <h3 id={`${id}-replies`}>{t('inquiries.replies')}</h3>
      {replies.length === 0 ? (
        <p>{t('inquiries.noReplies')}</p>
      ) : (
        <ol className="staff-thread" aria-labelledby={`${id}-replies`}>
          {replies.map((r, i) => (
            <li key={`${r.at}-${i}`} className="staff-thread__message staff-thread__message--staff">
              <p className="staff-thread__meta">
                <strong>{r.by?.name}</strong> · <time dateTime={r.at}>{formatMoment(lang, r.at)}</time>
              </p>
              <p className="staff-thread__body">{r.message}</p>
            </li>
          ))}
        </ol>
      )}
      <form onSubmit={send} noValidate className="staff-reply">
        <div className="field">
          <label htmlFor={`${id}-reply`}>{t('inquiries.reply')}</label>
          <textarea
            id={`${id}-reply`}
            rows={6}
            maxLength={5000}
            required
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            aria-invalid={error ? 'true' : undefined}
            aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          />
          <p id={`${id}-hint`} className="field__hint">
            {t('inquiries.replyHint', { language: t(`languages.${inquiry.language}`, { defaultValue: inquiry.language }) })}
          </p>
          {error && <p id={`${id}-error`} className="field__error">{error}</p>}
        </div>
        {replyState.error && <p className="field__error" role="alert">{errorText(ts, replyState.error)}</p>}
        {sent && !replyState.busy && <Notice>{t('inquiries.sent')}</Notice>}
        <button type="submit" className="button button--small" disabled={!!replyState.busy} data-action="reply">
          {replyState.busy ? ts('common.sending') : t('inquiries.send')}
        </button>
      </form>
    </article>
  );
}

/** InquiryDetail loads one inquiry (svc-catalog admin/inquiries/{id}). */
export function InquiryDetail({ id }) {
  const lang = useLanguage();
  const ts = useStaffTexts();
  const { data, error, isLoading, mutate } = useInquiry(id, lang);
  return (
    <>
      <p>
        <Link to={staffPath(lang, 'mesajlar')}>← {ts('common.back')}</Link>
      </p>
      <ListState loading={isLoading} error={error} retry={mutate} variant="detail" />
      {data && <InquiryView inquiry={data} onChange={(inquiry) => mutate(inquiry, { revalidate: false })} />}
    </>
  );
}
