import useSWR from 'swr';
import useSWRInfinite from 'swr/infinite';
import { API_BASE, ApiError, api, fetcher } from '../../../lib/api-client.js';
import { sendForm } from '../../../lib/upload.js';

// svc-orders' calls for the translator: the job pool, claiming and giving back a job, the
// assigned orders (a translator's GET orders answers those), uploading and delivering the
// translation. What the pages read of an answer is mapped here (toPoolJob, toActiveJob), so a
// field renamed when the backend lands is mended in one place.
const ORDERS = '/api/v1/orders';
const id = (v) => encodeURIComponent(v);

// A claim can be given back within this long of taking it (the server has the last word).
export const UNCLAIM_WINDOW_MS = 60 * 60 * 1000;

// Why the pool is empty, as the server may say it (a field of the answer, or a refusal's code).
const REASONS = {
  no_match: 'noMatch',
  no_matching_jobs: 'noMatch',
  competencies: 'noMatch',
  on_vacation: 'vacation',
  vacation: 'vacation',
  at_cap: 'cap',
  cap: 'cap',
  active_job_cap: 'cap',
  cap_reached: 'cap',
  suspended: 'suspended',
};
/** poolReason is noMatch, vacation, cap or suspended for the server's word, else ''. */
export const poolReason = (raw) => REASONS[raw] ?? '';

// preview: the pool's first page of the document (svc-orders' JobFile.preview), else the counts' short one.
const toFile = (f) => ({
  id: f.id ?? '',
  name: f.name ?? '',
  size: f.size,
  counts: f.counts ?? null,
  preview: f.preview || f.counts?.preview || '',
  url: f.id ? `${API_BASE}${ORDERS}/files/${id(f.id)}` : '',
});

/** toPoolJob is a job of the pool as the cards show it. */
export const toPoolJob = (j) => ({
  id: j.id,
  number: j.number ?? '',
  service: j.service ?? '',
  source: j.sourceLanguage ?? '',
  targets: j.targetLanguages ?? [],
  unit: j.unit ?? '',
  quantity: j.quantity ?? 0,
  files: (j.files ?? []).map(toFile),
  brief: j.brief ?? '',
  deadline: j.deadline ?? null,
  expectedDate: j.expectedDate ?? null,
  pay: j.pay ?? null,
  sworn: !!j.sworn,
});

/**
 * toPool is the pool's answer ({ jobs, onVacation, activeJobs, activeJobCap }): its jobs and, when
 * empty, why: on vacation, at the active-job cap, or (the pool only holds jobs the translator
 * matches) nothing matching their competencies. A `reason` field, if the server gives one, wins.
 */
export function toPool(d) {
  const jobs = (d?.jobs ?? []).map(toPoolJob);
  let reason = poolReason(d?.reason);
  if (!reason && d?.onVacation) reason = 'vacation';
  else if (!reason && Number.isFinite(d?.activeJobCap) && (d?.activeJobs ?? 0) >= d.activeJobCap) reason = 'cap';
  else if (!reason && !jobs.length && d && 'onVacation' in d) reason = 'noMatch';
  return { jobs, reason, activeJobs: d?.activeJobs, activeJobCap: d?.activeJobCap };
}

export const poolKey = (lang) => [`${ORDERS}/pool`, lang];
// A translator on vacation or at their cap may be refused the pool instead of getting an empty
// one: that is the same empty pool with its reason.
const poolFetcher = ([url, lang]) =>
  api.get(url, { lang }).then(toPool, (err) => {
    if (err instanceof ApiError && poolReason(err.code)) return { jobs: [], reason: poolReason(err.code), message: err.message };
    throw err;
  });
// dedupingInterval 0: the pool changes as others claim, so each visit asks again.
export const usePool = (lang) => useSWR(poolKey(lang), poolFetcher, { dedupingInterval: 0, refreshInterval: 60_000 });

/** claimJob takes a job from the pool: the Order, now assigned to the caller; 409 already_taken when another won. */
export const claimJob = (jobId, lang) => api.post(`${ORDERS}/orders/${id(jobId)}/claim`, undefined, { lang });
/** unclaimJob gives a claimed job back to the pool, within UNCLAIM_WINDOW_MS of claiming it. */
export const unclaimJob = (jobId, lang) => api.post(`${ORDERS}/orders/${id(jobId)}/unclaim`, undefined, { lang });

// The states in which an order is on the translator's desk.
const ACTIVE = ['assigned', 'revision_requested'];

/**
 * claimedAt is when the translator took the order from the pool (the server's claimedAt, else the
 * timeline's last "claimed" step); a job staff assigned has none and cannot be given back.
 */
function claimedAt(o) {
  if (o.claimedAt) return o.claimedAt;
  const last = (o.history ?? []).filter((h) => h.status === 'assigned').at(-1);
  return last?.step === 'claimed' || last?.note === 'claimed' ? last.at : null;
}

/** toActiveJob is an assigned order as the translator's job list shows it, at time now. */
export function toActiveJob(o, now = Date.now()) {
  const claimed = claimedAt(o);
  const until = claimed ? Date.parse(claimed) + UNCLAIM_WINDOW_MS : NaN;
  const revisionNote = (o.history ?? []).filter((h) => h.status === 'revision_requested').at(-1)?.note ?? '';
  return {
    id: o.id,
    number: o.number ?? '',
    status: o.status,
    service: o.service ?? '',
    source: o.sourceLanguage ?? '',
    targets: o.targetLanguages ?? [],
    unit: o.unit ?? '',
    quantity: o.quantity ?? 0,
    brief: o.brief ?? '',
    deadline: o.deadline ?? null,
    expectedDate: o.expectedDate ?? null,
    files: (o.files ?? []).map(toFile),
    pay: o.pay ?? null,
    revisionReason: o.revisionReason || revisionNote,
    // A revision is due by revisionDue; the translator redelivers it themselves.
    revisionDue: o.status === 'revision_requested' ? (o.revisionDue ?? null) : null,
    claimedAt: claimed,
    unclaimUntil: Number.isFinite(until) ? new Date(until).toISOString() : null,
    canUnclaim: typeof o.canUnclaim === 'boolean' ? o.canUnclaim : o.status === 'assigned' && !(o.deliveries ?? []).length && Number.isFinite(until) && now < until,
    canDeliver: ACTIVE.includes(o.status),
    history: o.history ?? [],
  };
}

/** activeJobs are the orders still on the translator's desk, soonest deadline first. */
export function activeJobs(orders, now = Date.now()) {
  const far = '9999';
  return (orders ?? [])
    .filter((o) => ACTIVE.includes(o.status))
    .map((o) => toActiveJob(o, now))
    .sort((a, b) => (a.deadline ?? far).localeCompare(b.deadline ?? far));
}

export const assignedKey = (lang) => [`${ORDERS}/orders`, lang];
export const useActiveJobs = (lang) => useSWR(assignedKey(lang), (k) => fetcher(k).then((d) => activeJobs(d?.orders)), { dedupingInterval: 0 });

export const UPLOAD_URL = `${ORDERS}/files`;
/** uploadDelivery sends one translated file (multipart field `file`), answering the server's File. */
export const uploadDelivery = (blob, lang, { onProgress, signal } = {}) =>
  sendForm(
    UPLOAD_URL,
    () => {
      const form = new FormData();
      form.append('file', blob, blob.name);
      return form;
    },
    { lang, onProgress, signal, accept: (d) => !!d?.file },
  ).then((d) => d.file);
/** deliverJob hands in the uploaded files with a note: assigned → delivered. */
export const deliverJob = (jobId, fileIds, note, lang) => api.post(`${ORDERS}/orders/${id(jobId)}/deliver`, { fileIds, note }, { lang });

/** toPastJob is a delivered or completed job as the past jobs list shows it. */
export const toPastJob = (j) => ({
  id: j.id,
  number: j.number ?? '',
  status: j.status,
  service: j.service ?? '',
  source: j.sourceLanguage ?? '',
  targets: j.targetLanguages ?? [],
  unit: j.unit ?? '',
  quantity: j.quantity ?? 0,
  files: (j.files ?? []).map(toFile),
  deliveries: (j.deliveries ?? []).map(toFile),
  deliveredAt: j.deliveredAt ?? null,
  completedAt: j.completedAt ?? null,
  pay: j.pay ?? null,
  history: j.history ?? [],
});

/**
 * pastJobsPageKey is the SWR Infinite key of the translator's past jobs (svc-orders GET
 * jobs/past, newest first, 20 a page): each page after the first starts after the
 * previous page's cursor, and there is none after a page that says it has no more.
 */
export const pastJobsPageKey = (lang) => (index, previous) => {
  if (previous && (!previous.more || !previous.next)) return null;
  return [previous ? `${ORDERS}/jobs/past?before=${id(previous.next)}` : `${ORDERS}/jobs/past`, lang];
};
export const usePastJobs = (lang) =>
  useSWRInfinite(pastJobsPageKey(lang), (k) => fetcher(k).then((d) => ({ jobs: (d?.jobs ?? []).map(toPastJob), more: !!d?.more, next: d?.next ?? '' })));
