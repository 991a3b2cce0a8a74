import { useTexts } from '../../lib/i18n.js';

// The dashboard's cards (staff-dashboard), shipped with its chunk; its lead is texts.js's.
const bundles = {
  tr: {
    cards: 'Bekleyen işler',
    quotes: 'Onay bekleyen teklifler',
    invoicesPastDue: 'Vadesi geçmiş ödenmemiş faturalar',
    escalated: 'Kimsenin almadığı işler',
    unassigned: 'Çevirmen atanmamış: {{count}}',
    revisionsEscalated: 'Yönetime bildirilen düzeltmeler',
    transfers: 'Onay bekleyen havaleler',
    applications: 'Yeni çevirmen başvuruları',
    tickets: 'Açık destek talepleri',
    inquiries: 'Yanıtlanmamış iletişim ve kurumsal mesajlar',
    payouts: 'Ödeme bekleyen çevirmen talepleri',
    open: 'Listeyi aç',
    unknown: 'Yüklenemedi',
  },
  en: {
    cards: 'Waiting',
    quotes: 'Quotes waiting',
    invoicesPastDue: 'Unpaid invoices past due',
    escalated: 'Jobs nobody took',
    unassigned: 'Without a translator: {{count}}',
    revisionsEscalated: 'Revisions escalated to staff',
    transfers: 'Bank transfers to confirm',
    applications: 'New translator applications',
    tickets: 'Open support tickets',
    inquiries: 'Unanswered contact and corporate messages',
    payouts: 'Translator payouts requested',
    open: 'Open the list',
    unknown: 'Could not load',
  },
};

export const useDashboardTexts = () => useTexts('staff-dashboard', bundles);
