import { defineTexts } from '../../lib/i18n.js';

// The back office's words for a revision in progress (an order in revision_requested) and for
// why a translator is left out of the eligible list.
export const STAFF_REVISION_NS = 'staff-revision';
export const staffRevisionTexts = {
  tr: {
    title: 'Düzeltme',
    reason: 'Müşterinin gerekçesi',
    deliveredBy: 'Teslim eden çevirmen',
    with: 'Düzeltme şu an şu çevirmende',
    due: 'Düzeltme süresi',
    escalated: 'Yönetime bildirildi',
    escalation: {
      unavailable: 'Teslim eden çevirmen işi şu an geri alamıyor (izinde, askıda ya da hesabı kapalı).',
      overdue: 'Düzeltme süresi içinde yeniden teslim edilmedi.',
    },
    notEscalated: 'Çevirmen düzeltme üzerinde çalışıyor; yönetimin bir şey yapması gerekmiyor.',
    sendBack: '{{name}} adlı çevirmene geri gönder',
    sendBackHint: 'Yeni bir düzeltme süresi başlar; çevirmenin iş sınırına bakılmaz.',
    sentBack: 'Düzeltme {{name}} adlı çevirmene yeni bir süreyle geri gönderildi.',
    giveOther: 'Başka birine ver',
    giveTitle: 'Düzeltmeyi başka bir çevirmene ver',
    label: 'Uygun çevirmenler',
    choose: 'Çevirmen seçin…',
    jobs: '{{active}}/{{cap}} iş',
    give: 'Düzeltmeyi ver',
    given: 'Düzeltme {{name}} adlı çevirmene verildi; önceki çevirmene bildirildi.',
    noOther: 'Şu anda düzeltmeyi alabilecek başka çevirmen yok.',
    excludedTitle: 'Alamayan çevirmenler',
    reasons: {
      no_competency: 'Dil çiftlerinin veya hizmetin yalnızca bir kısmında yetkin',
      at_cap: 'İş sınırına ulaştı',
      on_vacation: 'İzinde',
      suspended: 'Hesabı askıda',
      unknown: 'Hesabı kapalı ya da havuzda tanınmıyor',
    },
    unknownReason: 'Şu an alamaz',
    from: 'Önceki çevirmen: {{name}}',
  },
  en: {
    title: 'Revision',
    reason: 'The customer’s reason',
    deliveredBy: 'Delivered by',
    with: 'The revision is now with',
    due: 'Revision due',
    escalated: 'Escalated to staff',
    escalation: {
      unavailable: 'The translator who delivered cannot take it back now (on vacation, suspended or account closed).',
      overdue: 'It was not redelivered by the revision deadline.',
    },
    notEscalated: 'The translator is working on the revision; nothing is needed from staff.',
    sendBack: 'Send back to {{name}}',
    sendBackHint: 'A new revision deadline starts; the translator’s job cap does not apply.',
    sentBack: 'The revision was sent back to {{name}} with a new deadline.',
    giveOther: 'Give to someone else',
    giveTitle: 'Give the revision to another translator',
    label: 'Eligible translators',
    choose: 'Choose a translator…',
    jobs: '{{active}}/{{cap}} jobs',
    give: 'Give the revision',
    given: 'The revision was given to {{name}}; the previous translator was told.',
    noOther: 'No other translator can take the revision right now.',
    excludedTitle: 'Translators who cannot take it',
    reasons: {
      no_competency: 'Competent for only some of the language pairs or the service',
      at_cap: 'At their job cap',
      on_vacation: 'On vacation',
      suspended: 'Suspended',
      unknown: 'Account closed or unknown to the pool',
    },
    unknownReason: 'Cannot take it now',
    from: 'Previously: {{name}}',
  },
};

/** useStaffRevisionTexts is `t` for these texts in the page's language. */
export const useStaffRevisionTexts = defineTexts(STAFF_REVISION_NS, staffRevisionTexts);
