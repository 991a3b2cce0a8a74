import { defineTexts } from '../../lib/i18n.js';

// The back office's words for KVKK requests.
const texts = {
  tr: {
    lead: 'KVKK başvuruları ve yanıt süreleri: her başvuru 30 gün içinde yanıtlanmalıdır.',
    email: 'E-posta',
    kind: 'Başvuru',
    created: 'Başvuru zamanı',
    due: 'Son gün',
    parts: 'Yanıtlayan hizmetler',
    daysLeft_one: '{{count}} gün kaldı',
    daysLeft_other: '{{count}} gün kaldı',
    overdue: 'Süre geçti',
    waiting: 'Beklenen',
    account: 'Hesap sahibi',
    visitor: 'Ziyaretçi (e-postayla doğrulandı)',
    kinds: { copy: 'Verilerin kopyası', erasure: 'Verilerin silinmesi' },
    states: { unverified: 'Onay bekliyor', open: 'Hazırlanıyor', ready: 'Hazır', delivered: 'İndirildi', completed: 'Tamamlandı' },
    kept: 'Kanunen saklanan',
  },
  en: {
    lead: 'KVKK requests and their deadlines: every request must be answered within 30 days.',
    email: 'E-mail',
    kind: 'Request',
    created: 'Asked at',
    due: 'Due',
    parts: 'Services answered',
    daysLeft_one: '{{count}} day left',
    daysLeft_other: '{{count}} days left',
    overdue: 'Overdue',
    waiting: 'Awaited',
    account: 'Account holder',
    visitor: 'Visitor (checked by e-mail)',
    kinds: { copy: 'Copy of the data', erasure: 'Erasure of the data' },
    states: { unverified: 'Awaiting confirmation', open: 'Being prepared', ready: 'Ready', delivered: 'Downloaded', completed: 'Completed' },
    kept: 'Kept by law',
  },
};

export const usePrivacyStaffTexts = defineTexts('staff-privacy', texts);
