import { defineTexts } from '../../../lib/i18n.js';

// The live support screens' own words (the section and detail titles are in ../texts.js).
const bundles = {
  tr: {
    lead: 'Ziyaretçilerin ve müşterilerin canlı destek görüşmeleri. Yönetim panelinde olduğunuz sürece çevrimiçi görünürsünüz.',
    statuses: { open: 'Açık', closed: 'Kapalı' },
    visitor: 'Ziyaretçi',
    lastMessage: 'Son mesaj',
    lastActivity: 'Son etkinlik',
    unread: 'Okunmamış',
    customer: 'Müşteri',
    reply: 'Yanıtınız',
    send: 'Gönder',
    close: 'Görüşmeyi kapat',
    closedNote: 'Bu görüşme kapatıldı; ziyaretçi yeniden yazarsa açılır.',
    staff: 'Destek',
    empty: 'Görüşme yok.',
    back: 'Tüm görüşmeler',
    live: 'Canlı',
    replyRequired: 'Yanıtınızı yazın.',
  },
  en: {
    lead: 'Live support conversations with visitors and customers. You appear online while you are in the back office.',
    statuses: { open: 'Open', closed: 'Closed' },
    visitor: 'Visitor',
    lastMessage: 'Last message',
    lastActivity: 'Last activity',
    unread: 'Unread',
    customer: 'Customer',
    reply: 'Your answer',
    send: 'Send',
    close: 'Close the conversation',
    closedNote: 'This conversation is closed; it reopens if the visitor writes again.',
    staff: 'Support',
    empty: 'No conversations.',
    back: 'All conversations',
    live: 'Live',
    replyRequired: 'Write your answer.',
  },
};

export const useStaffChatTexts = defineTexts('staff-chat', bundles);
