import { defineTexts } from '../../lib/i18n.js';

// The back office's words for moving a paid order's expected date (svc-orders
// POST admin/orders/{id}/expected-date): the customer reads the note in their mail.
export const STAFF_EXPECTED_DATE_NS = 'staff-expected-date';
export const staffExpectedDateTexts = {
  tr: {
    title: 'Tahmini teslim tarihi',
    current: 'Şu anki tarih',
    date: 'Yeni tarih',
    dateHint: 'Bir iş günü seçin; iş o gün İstanbul saatiyle 18:00’de teslim edilmiş olmalı.',
    note: 'Müşteriye not',
    noteHint: 'Neden değiştiğini yazın; not müşteriye e-postayla gider (en fazla 1.000 karakter).',
    send: 'Tarihi değiştir',
    dateRequired: 'Yeni bir tarih seçin.',
    sameDay: 'Bu zaten şu anki tarih; başka bir gün seçin.',
    noteRequired: 'Müşteriye bir not yazın.',
    done: 'Tahmini teslim tarihi {{date}} oldu; müşteriye e-postayla bildirildi.',
  },
  en: {
    title: 'Expected delivery date',
    current: 'Current date',
    date: 'New date',
    dateHint: 'Pick a business day; the work is due by 18:00 Istanbul time that day.',
    note: 'Note to the customer',
    noteHint: 'Say why it changes; the customer gets the note by e-mail (at most 1,000 characters).',
    send: 'Change the date',
    dateRequired: 'Choose a new date.',
    sameDay: 'That is the current date already; choose another day.',
    noteRequired: 'Write a note to the customer.',
    done: 'The expected delivery date is now {{date}}; the customer was told by e-mail.',
  },
};

/** useStaffExpectedDateTexts is `t` of the expected date's form. */
export const useStaffExpectedDateTexts = defineTexts(STAFF_EXPECTED_DATE_NS, staffExpectedDateTexts);
