import { defineTexts, plainKey, textsIn } from './i18n.js';

// One vocabulary for an order's states and the steps of its history, per reader: the customer,
// the translator and staff, in Turkish and English. Every list, detail page, overview and badge
// names an order's state with these words (features may not import each other, so it lives here).
//
// The spec's two states (in progress, completed) stay the coarse grouping that filters and the
// overview use (displayStatusOf); a badge says the finer state (orderPhase).

// The order states of svc-orders (API.md).
export const ORDER_STATUSES = ['awaiting_payment', 'in_progress', 'assigned', 'delivered', 'revision_requested', 'completed'];
// Spec §4: an order is in progress until it is completed.
export const DISPLAY_STATUSES = ['in_progress', 'completed'];
// The finer states a badge names: the order states, and the two escalations (nobody took the
// paid job in time; the revision could not go back to its translator).
export const ORDER_PHASES = [...ORDER_STATUSES, 'escalated', 'revision_escalated'];
export const ROLES = ['customer', 'translator', 'staff'];

// The system steps of an order's history (svc-orders' `step`). Entries written before steps
// existed carry their step in `note` (LEGACY_NOTES).
export const HISTORY_STEPS = [
  'claimed',
  'unclaimed',
  'assigned',
  'reassigned',
  'auto_completed',
  'revision_returned',
  'revision_sent_back',
  'revision_reassigned',
  'revision_escalated',
  'redelivered',
];
export const ESCALATION_REASONS = ['unavailable', 'overdue'];
const LEGACY_NOTES = { claimed: 'claimed', unclaimed: 'unclaimed', reassigned: 'reassigned', auto: 'auto_completed' };

export const orderStatusTexts = {
  tr: {
    display: { in_progress: 'Devam ediyor', completed: 'Tamamlandı' },
    customer: {
      awaiting_payment: 'Ödeme bekleniyor',
      in_progress: 'Ödendi, çevirmen atanıyor',
      escalated: 'Ödendi, çevirmen atanıyor',
      assigned: 'Çeviride',
      delivered: 'Teslim edildi, onayınızı bekliyor',
      revision_requested: 'Düzeltme yapılıyor',
      revision_escalated: 'Düzeltme yapılıyor',
      completed: 'Tamamlandı',
    },
    translator: {
      awaiting_payment: 'Ödeme bekleniyor',
      in_progress: 'Havuzda',
      escalated: 'Havuzda',
      assigned: 'Size atandı',
      delivered: 'Teslim edildi, müşteride',
      revision_requested: 'Düzeltme istendi',
      revision_escalated: 'Düzeltme proje yöneticisinde',
      completed: 'Tamamlandı',
    },
    staff: {
      awaiting_payment: 'Ödeme bekleniyor',
      in_progress: 'Ödendi, atanmadı',
      escalated: 'Ödendi, kimse almadı',
      assigned: 'Çevirmende',
      delivered: 'Teslim edildi',
      revision_requested: 'Düzeltme istendi',
      revision_escalated: 'Düzeltme, yöneticide',
      completed: 'Tamamlandı',
    },
  },
  en: {
    display: { in_progress: 'In progress', completed: 'Completed' },
    customer: {
      awaiting_payment: 'Awaiting payment',
      in_progress: 'Paid, finding a translator',
      escalated: 'Paid, finding a translator',
      assigned: 'In translation',
      delivered: 'Delivered, waiting for your review',
      revision_requested: 'Revision in progress',
      revision_escalated: 'Revision in progress',
      completed: 'Completed',
    },
    translator: {
      awaiting_payment: 'Awaiting payment',
      in_progress: 'In your pool',
      escalated: 'In your pool',
      assigned: 'Assigned to you',
      delivered: 'Delivered, with the customer',
      revision_requested: 'Revision requested',
      revision_escalated: 'Revision with the project manager',
      completed: 'Completed',
    },
    staff: {
      awaiting_payment: 'Awaiting payment',
      in_progress: 'Paid, unassigned',
      escalated: 'Paid, escalated',
      assigned: 'Assigned',
      delivered: 'Delivered',
      revision_requested: 'Revision requested',
      revision_escalated: 'Escalated revision',
      completed: 'Completed',
    },
  },
};

export const historyStepTexts = {
  tr: {
    customer: {
      claimed: 'Bir çevirmen siparişinizi üstlendi',
      unclaimed: 'Yeni bir çevirmen aranıyor',
      assigned: 'Siparişiniz bir çevirmene verildi',
      reassigned: 'Siparişiniz başka bir çevirmene verildi',
      auto_completed: 'Düzeltme süresi dolduğu için tamamlandı',
      revision_returned: 'Düzeltme isteğiniz çevirmene iletildi',
      revision_sent_back: 'Düzeltme isteğiniz çevirmene iletildi',
      revision_reassigned: 'Düzeltmeniz başka bir çevirmene verildi',
      revision_escalated: 'Düzeltmeniz için çevirmen ayarlanıyor',
      redelivered: 'Düzeltilmiş çeviri teslim edildi',
    },
    translator: {
      claimed: 'İş havuzdan alındı',
      unclaimed: 'İş havuza geri bırakıldı',
      assigned: 'Proje yöneticisi işi atadı',
      reassigned: 'İş başka bir çevirmene verildi',
      auto_completed: 'Düzeltme süresi doldu, iş tamamlandı',
      revision_returned: 'Düzeltme size geri geldi',
      revision_sent_back: 'Proje yöneticisi düzeltmeyi size geri gönderdi',
      revision_reassigned: 'Düzeltme başka bir çevirmene verildi',
      revision_escalated: 'Düzeltme proje yöneticisine iletildi',
      redelivered: 'Düzeltilmiş çeviri teslim edildi',
    },
    staff: {
      claimed: 'Çevirmen havuzdan aldı',
      unclaimed: 'Çevirmen havuza geri bıraktı',
      assigned: 'Yönetici atadı',
      reassigned: 'Başka çevirmene verildi',
      auto_completed: 'Düzeltme süresi dolunca kendiliğinden tamamlandı',
      revision_returned: 'Düzeltme teslim eden çevirmene döndü',
      revision_sent_back: 'Düzeltme aynı çevirmene geri gönderildi',
      revision_reassigned: 'Düzeltme başka çevirmene verildi',
      revision_escalated: 'Düzeltme yöneticiye iletildi',
      redelivered: 'Düzeltilmiş çeviri teslim edildi',
    },
    reasons: { unavailable: 'çevirmen müsait değil', overdue: 'düzeltme süresi geçti' },
  },
  en: {
    customer: {
      claimed: 'A translator took on your order',
      unclaimed: 'Finding another translator',
      assigned: 'Your order was given to a translator',
      reassigned: 'Your order was given to another translator',
      auto_completed: 'Completed at the end of the revision period',
      revision_returned: 'Your revision request went to the translator',
      revision_sent_back: 'Your revision request went to the translator',
      revision_reassigned: 'Your revision was given to another translator',
      revision_escalated: 'We are arranging your revision',
      redelivered: 'The revised translation was delivered',
    },
    translator: {
      claimed: 'Taken from the pool',
      unclaimed: 'Given back to the pool',
      assigned: 'Assigned by the project manager',
      reassigned: 'Given to another translator',
      auto_completed: 'The revision period ended: completed',
      revision_returned: 'The revision came back to you',
      revision_sent_back: 'The project manager sent the revision back to you',
      revision_reassigned: 'The revision was given to another translator',
      revision_escalated: 'The revision went to the project manager',
      redelivered: 'Revised translation delivered',
    },
    staff: {
      claimed: 'Claimed from the pool',
      unclaimed: 'Given back to the pool',
      assigned: 'Assigned by staff',
      reassigned: 'Reassigned to another translator',
      auto_completed: 'Completed automatically when the revision period ended',
      revision_returned: 'Revision returned to the delivering translator',
      revision_sent_back: 'Revision sent back to the same translator',
      revision_reassigned: 'Revision given to another translator',
      revision_escalated: 'Revision escalated to staff',
      redelivered: 'Revised translation delivered',
    },
    reasons: { unavailable: 'translator unavailable', overdue: 'revision deadline passed' },
  },
};

const ORDER_STATUS_NS = 'order-status';
defineTexts(ORDER_STATUS_NS, orderStatusTexts);
const HISTORY_NS = 'order-history';
defineTexts(HISTORY_NS, historyStepTexts);

const roleOf = (role) => (ROLES.includes(role) ? role : 'customer');

/** displayStatusOf is spec §4's coarse state: completed once the order is completed, in progress before. */
export function displayStatusOf(order) {
  return order?.status === 'completed' ? 'completed' : 'in_progress';
}

/**
 * orderPhase is the finer state a badge names: the order's status, or escalated (a paid job nobody
 * took in time) and revision_escalated (a revision staff must place).
 */
export function orderPhase(order) {
  const status = order?.status;
  if (order?.escalated === true && status === 'in_progress') return 'escalated';
  if ((order?.escalated === true || Boolean(order?.revisionEscalatedAt)) && status === 'revision_requested') return 'revision_escalated';
  return status;
}

/**
 * orderStatusLabel names an order's state (an order, or a bare status or phase) for a reader
 * (customer, translator or staff) in lang. A state this page does not know (a newer server) reads
 * as the coarse in progress rather than as a code.
 */
export function orderStatusLabel(lang, role, orderOrStatus) {
  const phase = typeof orderOrStatus === 'string' ? orderOrStatus : orderPhase(orderOrStatus);
  const t = textsIn(lang, ORDER_STATUS_NS);
  return t(`${roleOf(role)}.${plainKey(phase)}`, { defaultValue: t(`display.${phase === 'completed' ? 'completed' : 'in_progress'}`) });
}

/** displayStatusLabel is the coarse state's word in lang. */
export function displayStatusLabel(lang, display) {
  return textsIn(lang, ORDER_STATUS_NS)(`display.${display === 'completed' ? 'completed' : 'in_progress'}`);
}

/** historyStep is an entry's system step: its step, or the code an older entry kept in its note. */
export function historyStep(entry) {
  if (entry?.step) return entry.step;
  return LEGACY_NOTES[entry?.note] ?? '';
}

/**
 * historyEntryText is one history entry in the reader's words: { title, note }. The title is its
 * step's words (with an escalation's reason, for staff) or else its status's; the note is only
 * what a person wrote (a revision's reason, a delivery's note), never an internal code.
 */
export function historyEntryText(lang, role, entry) {
  const t = textsIn(lang, HISTORY_NS);
  const r = roleOf(role);
  const step = historyStep(entry);
  const legacy = !entry?.step && LEGACY_NOTES[entry?.note];
  const note = legacy ? '' : (entry?.note ?? '');
  let title = step ? t(`${r}.${plainKey(step)}`, { defaultValue: '' }) : '';
  const reason = t(`reasons.${plainKey(entry?.reason)}`, { defaultValue: '' });
  if (title && step === 'revision_escalated' && r === 'staff' && reason) title = `${title} (${reason})`;
  if (!title) title = orderStatusLabel(lang, r, entry?.status);
  return { title, note };
}

/** historyLine is an entry as one line: "<words> — <person's note>". */
export function historyLine(lang, role, entry) {
  const { title, note } = historyEntryText(lang, role, entry);
  return note ? `${title} — ${note}` : title;
}
