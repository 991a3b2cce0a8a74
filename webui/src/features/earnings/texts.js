// Texts of the translator's earnings in both languages. The server's own messages (refusals) are
// shown as it sends them, already in the page's language.
import { defineTexts } from '../../lib/i18n.js';

export const EARNINGS_NS = 'earnings';

export const earningsTexts = {
  tr: {
    loadFailed: 'Kazançlarınız yüklenemedi. Lütfen sayfayı yenileyin.',
    failed: 'İşlem tamamlanamadı. Lütfen tekrar deneyin.',
    balance: {
      title: 'Bakiyeniz',
      threshold: 'En az {{threshold}} tutarındaki bakiyenizi banka hesabınıza aktarılmak üzere talep edebilirsiniz.',
      lead: 'Tamamlanan her işin ücreti bakiyenize eklenir.',
    },
    payout: {
      title: 'Ödeme talep et',
      account: 'Banka hesabı',
      isDefault: '(varsayılan)',
      amount: 'Tutar (TRY)',
      amountHint: 'Boş bırakırsanız bakiyenizin tamamı ({{balance}}) talep edilir.',
      submit: 'Ödeme talep et',
      sending: 'Gönderiliyor…',
      requested: '{{amount}} tutarındaki ödeme talebiniz alındı. Ekibimiz ödemeyi {{iban}} hesabına gönderdiğinde burada göreceksiniz.',
      amountInvalid: 'Geçerli bir tutar girin (ör. 500 veya 1.250,50).',
      accountRequired: 'Bir banka hesabı seçin.',
      noAccounts: 'Ödeme talep etmek için önce bir banka hesabı ekleyin.',
      addAccount: 'Banka hesabı ekle',
      missing: 'Eksik tutar: {{amount}}',
      belowThreshold: 'Bakiyeniz henüz en düşük ödeme tutarına ({{threshold}}) ulaşmadı.',
    },
    payouts: {
      title: 'Ödeme talepleriniz',
      empty: 'Henüz bir ödeme talebiniz yok.',
      requestedAt: 'Talep: {{date}}',
      decidedAt: 'Sonuç: {{date}}',
      reason: 'Gerekçe: {{reason}}',
      to: 'Hesap: {{iban}} · {{holder}}',
      statuses: { requested: 'Talep edildi', paid: 'Ödendi', rejected: 'Reddedildi' },
    },
    ledger: {
      title: 'Hesap hareketleri',
      empty: 'Henüz bir hareket yok.',
      date: 'Tarih',
      what: 'İşlem',
      reference: 'Referans',
      amount: 'Tutar',
      balanceAfter: 'Bakiye',
      older: 'Daha eski hareketler',
      loadingOlder: 'Yükleniyor…',
      reasons: { earning: 'Tamamlanan iş', payout: 'Ödeme talebi', payout_returned: 'İade edilen ödeme' },
      refs: { earning: 'Sipariş {{ref}}', payout: 'Talep {{ref}}', payout_returned: 'Talep {{ref}}' },
    },
    summary: { title: 'Kazançlarım', balance: 'Bakiye', link: 'Kazançlarımı görüntüle', pending_one: '{{count}} ödeme talebi bekliyor', pending_other: '{{count}} ödeme talebi bekliyor' },
  },
  en: {
    loadFailed: 'Your earnings could not be loaded. Please refresh the page.',
    failed: 'That did not work. Please try again.',
    balance: {
      title: 'Your balance',
      threshold: 'You can request a payout to your bank account once your balance reaches {{threshold}}.',
      lead: 'The pay of every completed job is added to your balance.',
    },
    payout: {
      title: 'Request payout',
      account: 'Bank account',
      isDefault: '(default)',
      amount: 'Amount (TRY)',
      amountHint: 'Leave it empty to request your whole balance ({{balance}}).',
      submit: 'Request payout',
      sending: 'Sending…',
      requested: 'Your payout request of {{amount}} was received. You will see it here once our team sends it to {{iban}}.',
      amountInvalid: 'Enter a valid amount (e.g. 500 or 1,250.50).',
      accountRequired: 'Choose a bank account.',
      noAccounts: 'Add a bank account before requesting a payout.',
      addAccount: 'Add a bank account',
      missing: 'Missing: {{amount}}',
      belowThreshold: 'Your balance has not reached the minimum payout ({{threshold}}) yet.',
    },
    payouts: {
      title: 'Your payout requests',
      empty: 'You have no payout requests yet.',
      requestedAt: 'Requested: {{date}}',
      decidedAt: 'Decided: {{date}}',
      reason: 'Reason: {{reason}}',
      to: 'Account: {{iban}} · {{holder}}',
      statuses: { requested: 'Requested', paid: 'Paid', rejected: 'Rejected' },
    },
    ledger: {
      title: 'Account activity',
      empty: 'No activity yet.',
      date: 'Date',
      what: 'Entry',
      reference: 'Reference',
      amount: 'Amount',
      balanceAfter: 'Balance',
      older: 'Older activity',
      loadingOlder: 'Loading…',
      reasons: { earning: 'Completed job', payout: 'Payout request', payout_returned: 'Returned payout' },
      refs: { earning: 'Order {{ref}}', payout: 'Request {{ref}}', payout_returned: 'Request {{ref}}' },
    },
    summary: { title: 'Earnings', balance: 'Balance', link: 'View my earnings', pending_one: '{{count}} payout request pending', pending_other: '{{count}} payout requests pending' },
  },
};

/** useEarningsTexts is `t` for these texts in the page's language. */
export const useEarningsTexts = defineTexts(EARNINGS_NS, earningsTexts);
