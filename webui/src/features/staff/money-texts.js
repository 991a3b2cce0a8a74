import { defineTexts } from '../../lib/i18n.js';

// The back office's words for money and customers (sections 'faturalar', 'bakiyeler',
// 'musteriler', the payouts' bank file) and a translator's suspension, shipped with their chunks.
export const STAFF_MONEY_NS = 'staff-money';
export const staffMoneyTexts = {
  tr: {
    invoices: {
      lead: 'Bütün faturalar: duruma, vadesi geçenlere ve ödendiği günlere göre süzülür, numarayla aranır.',
      statuses: { pending: 'Ödeme bekliyor', paid: 'Ödendi', refunded: 'İade edildi' },
      pastDue: 'Yalnızca vadesi geçenler',
      searchLabel: 'Fatura numarasıyla ara (ör. LPA2026000000123)',
      export: {
        title: 'Muhasebe için e-Arşiv belgeleri',
        download: 'ZIP indir',
        hint: 'Bu günlerde düzenlenen faturalar ve iade belgeleri, GİB UBL-TR XML olarak, bir dizinle.',
        missing: 'Başlangıç ve bitiş gününü seçin.',
        order: 'Bitiş günü başlangıçtan önce olamaz.',
        tooLong: 'Bir seferde en çok 92 gün indirilebilir.',
      },
      number: 'Fatura', customer: 'Müşteri', order: 'Sipariş', total: 'Toplam', issued: 'Düzenlendi', due: 'Son ödeme', status: 'Durum',
      overdue: 'Vadesi geçti',
      paidOn: 'Ödendi',
      period: {
        title: 'Ödendiği günler', from: 'İlk gün', to: 'Son gün', clear: 'Günleri temizle',
        note: 'Bu günlerde ödenen faturalar, şimdiki durumları ne olursa olsun (sonradan iade edilenler de), ödendikleri ana göre: gelir grafiği de böyle sayar.',
      },
      lines: 'Kalemler', line: 'Açıklama', quantity: 'Miktar', amount: 'Tutar', net: 'Ara toplam', vat: 'KDV', totalDue: 'Genel toplam', usd: 'ABD doları karşılığı',
      rate: 'Kur: 1 USD = {{rate}} {{currency}}',
      units: { word: 'kelime', page: 'sayfa', minute: 'dakika' },
      payment: 'Ödeme', methods: { balance: 'Bakiyeden', card: 'Kartla', bank_transfer: 'Havale / EFT' }, reference: 'Referans', received: 'Hesaba geçtiği gün', paidAt: 'Ödendiği an', refundedAt: 'İade edildiği an',
      markPaid: {
        title: 'Havale geldi olarak işaretle', reference: 'Banka referansı veya açıklaması', date: 'Hesaba geçtiği gün', send: 'Ödendi olarak işaretle',
        referenceRequired: 'Banka referansını veya açıklamasını yazın.', referenceTooLong: 'Referans en fazla 140 karakter olabilir.', dateRequired: 'Havalenin hesaba geçtiği günü seçin.',
        done: 'Fatura havale ile ödendi olarak işaretlendi.',
      },
      refund: { button: 'Bakiyeye iade et', confirm: '{{total}} tutarındaki bu faturayı müşterinin bakiyesine iade etmek istediğinize emin misiniz?', yes: 'Evet, iade et', done: 'Fatura iade edildi; tutar müşterinin bakiyesine eklendi.' },
      pdf: 'PDF (Türkçe)',
    },
    balances: {
      lead: 'Bakiyesi olan müşteriler; bir müşterinin sayfasında hareketleri ve düzeltme formu bulunur.',
      searchLabel: 'Müşteri kimliğiyle ara (başlangıcı yeterli)',
      customer: 'Müşteri', balances: 'Bakiyeler', none: 'Bakiye yok',
      title: 'Bakiye', ledger: 'Hesap hareketleri', currency: 'Para birimi', when: 'Tarih', kind: 'Tür', amount: 'Tutar', reason: 'Neden', after: 'Sonraki bakiye',
      kinds: { credit: 'Alacak', debit: 'Borç' },
      reasons: { topup: 'Kartla yükleme', transfer: 'Havale', invoice: 'Fatura ödemesi', refund: 'İade', adjustment: 'Personel düzeltmesi' },
      pending: 'Onay bekleyen havaleler',
      adjust: {
        title: 'Bakiyeyi düzelt', amount: 'Tutar ({{currency}})', amountHint: 'Eklemek için artı, düşmek için eksi yazın: 250,00 veya -75,50.', currency: 'Para birimi', reason: 'Neden',
        reasonHint: 'Kayıtlarda görünür; müşteriye gösterilmez.', send: 'Düzeltmeyi kaydet',
        amountInvalid: 'Sıfırdan farklı bir tutar yazın (ör. 250,00 veya -75,50).', reasonRequired: 'Düzeltmenin nedenini yazın.', reasonTooLong: 'Neden en fazla 500 karakter olabilir.',
        done: 'Bakiye düzeltildi: {{amount}}.',
      },
    },
    customers: {
      lead: 'Müşteri hesapları; ad veya e-postanın başıyla aranır.',
      searchLabel: 'Ad veya e-posta ile ara',
      name: 'Ad soyad', email: 'E-posta', company: 'Şirket', created: 'Üyelik', phone: 'Telefon', address: 'Adres', language: 'Dil',
      languages: { tr: 'Türkçe', en: 'İngilizce' }, providers: 'Bağlı hesaplar', noProviders: 'Yok', verified: 'E-posta doğrulandı', yes: 'Evet', no: 'Hayır',
      profile: 'Profil', orders: 'Siparişleri', invoices: 'Faturaları', balance: 'Bakiyesi',
      ordersMissing: 'Siparişler şu anda gösterilemiyor.', none: 'Kayıt yok.',
      orderStatus: 'Durum', orderTotal: 'Tutar',
    },
    payouts: { csv: 'Banka için CSV indir', csvHint: 'Listelenen ödemeler, Excel’de açılabilen bir dosya olarak.' },
    suspend: {
      button: 'Askıya al', title: 'Askıya alma nedeni', reason: 'Neden', hint: 'Çevirmen yeni iş alamaz ve havuzu göremez; mevcut işleri kendisinde kalır.', send: 'Askıya al',
      suspended: 'Askıda', since: '{{when}} tarihinden beri', lift: 'Askıyı kaldır', lifted: 'Askı kaldırıldı.', done: 'Çevirmen askıya alındı.', active: 'Etkin', status: 'Durum',
    },
    common: { cancel: 'Vazgeç', sending: 'Gönderiliyor…', back: 'Listeye dön' },
  },
  en: {
    invoices: {
      lead: 'Every invoice, filtered by status, past due and the days it was paid, searched by number.',
      statuses: { pending: 'Awaiting payment', paid: 'Paid', refunded: 'Refunded' },
      pastDue: 'Past due only',
      searchLabel: 'Search by invoice number (e.g. LPA2026000000123)',
      export: {
        title: 'e-Archive documents for the accountant',
        download: 'Download ZIP',
        hint: 'The invoices and return documents issued in these days, as GİB UBL-TR XML, with an index.',
        missing: 'Choose the first and the last day.',
        order: 'The last day cannot come before the first.',
        tooLong: 'At most 92 days can be downloaded at once.',
      },
      number: 'Invoice', customer: 'Customer', order: 'Order', total: 'Total', issued: 'Issued', due: 'Due', status: 'Status',
      overdue: 'Past due',
      paidOn: 'Paid',
      period: {
        title: 'Days paid', from: 'From', to: 'To', clear: 'Clear the days',
        note: 'The invoices paid in these days, whatever their status now (refunded since included), by when they were paid: as the revenue chart counts them.',
      },
      lines: 'Lines', line: 'Description', quantity: 'Quantity', amount: 'Amount', net: 'Net', vat: 'VAT', totalDue: 'Total', usd: 'In US dollars',
      rate: 'Rate: 1 USD = {{rate}} {{currency}}',
      units: { word: 'words', page: 'pages', minute: 'minutes' },
      payment: 'Payment', methods: { balance: 'From the balance', card: 'By card', bank_transfer: 'Bank transfer' }, reference: 'Reference', received: 'Arrived on', paidAt: 'Paid at', refundedAt: 'Refunded at',
      markPaid: {
        title: 'Mark the bank transfer received', reference: 'Bank reference or description', date: 'Day it arrived', send: 'Mark paid',
        referenceRequired: 'Enter the bank reference or description.', referenceTooLong: 'The reference can be at most 140 characters.', dateRequired: 'Choose the day the transfer arrived.',
        done: 'The invoice is marked paid by bank transfer.',
      },
      refund: { button: 'Refund to balance', confirm: 'Refund this invoice of {{total}} to the customer’s balance?', yes: 'Yes, refund', done: 'The invoice was refunded; the amount is on the customer’s balance.' },
      pdf: 'PDF (English)',
    },
    balances: {
      lead: 'Customers with a balance; a customer’s page shows the movements and the adjustment form.',
      searchLabel: 'Search by customer id (its start is enough)',
      customer: 'Customer', balances: 'Balances', none: 'No balance',
      title: 'Balance', ledger: 'Movements', currency: 'Currency', when: 'Date', kind: 'Kind', amount: 'Amount', reason: 'Reason', after: 'Balance after',
      kinds: { credit: 'Credit', debit: 'Debit' },
      reasons: { topup: 'Card top-up', transfer: 'Bank transfer', invoice: 'Invoice payment', refund: 'Refund', adjustment: 'Staff adjustment' },
      pending: 'Transfers awaiting confirmation',
      adjust: {
        title: 'Adjust the balance', amount: 'Amount ({{currency}})', amountHint: 'Plus to add, minus to take off: 250.00 or -75.50.', currency: 'Currency', reason: 'Reason',
        reasonHint: 'Kept in the records; the customer does not see it.', send: 'Save the adjustment',
        amountInvalid: 'Enter an amount other than zero (e.g. 250.00 or -75.50).', reasonRequired: 'Write why the balance is adjusted.', reasonTooLong: 'The reason can be at most 500 characters.',
        done: 'Balance adjusted: {{amount}}.',
      },
    },
    customers: {
      lead: 'Customer accounts, searched by the start of a name or e-mail.',
      searchLabel: 'Search by name or e-mail',
      name: 'Name', email: 'E-mail', company: 'Company', created: 'Joined', phone: 'Phone', address: 'Address', language: 'Language',
      languages: { tr: 'Turkish', en: 'English' }, providers: 'Linked sign-ins', noProviders: 'None', verified: 'E-mail verified', yes: 'Yes', no: 'No',
      profile: 'Profile', orders: 'Orders', invoices: 'Invoices', balance: 'Balance',
      ordersMissing: 'The orders cannot be shown right now.', none: 'Nothing yet.',
      orderStatus: 'Status', orderTotal: 'Total',
    },
    payouts: { csv: 'Download CSV for the bank', csvHint: 'The payouts listed, as a file Excel opens.' },
    suspend: {
      button: 'Suspend', title: 'Why suspend', reason: 'Reason', hint: 'The translator takes no new work and sees no pool; the jobs they have stay theirs.', send: 'Suspend',
      suspended: 'Suspended', since: 'since {{when}}', lift: 'Lift the suspension', lifted: 'Suspension lifted.', done: 'The translator is suspended.', active: 'Active', status: 'Status',
    },
    common: { cancel: 'Cancel', sending: 'Sending…', back: 'Back to the list' },
  },
};

/** useMoneyTexts is t for the money and customer screens' words. */
export const useMoneyTexts = defineTexts(STAFF_MONEY_NS, staffMoneyTexts);
