import { defineTexts } from '../../lib/i18n.js';

// The back office's words for orders and quotes (sections 'siparisler' and 'teklifler').
export const STAFF_ORDERS_NS = 'staff-orders';
export const staffOrdersTexts = {
  tr: {
    orders: {
      lead: 'Bütün siparişler: durum, müşteri, çevirmen ve teslim tarihiyle.',
      searchLabel: 'Sipariş numarası veya müşteri kimliği ile ara',
      number: 'Sipariş', customer: 'Müşteri', translator: 'Çevirmen', deadline: 'Teslim tarihi', created: 'Oluşturuldu', paid: 'Ödendi', total: 'Tutar',
      work: 'İş', nobody: 'Atanmadı', escalated: 'Kimse almadı',
      timeline: 'Zaman çizelgesi', by: '{{name}} tarafından', to: 'Çevirmen: {{name}}', staffMember: 'bir ekip üyesi',
      assign: {
        title: 'Çevirmen ata', reassignTitle: 'Başka çevirmene ver', label: 'Uygun çevirmenler', choose: 'Çevirmen seçin…',
        none: 'Şu anda bu işi alabilecek çevirmen yok (dil çifti, hizmet, yeminli onayı, izin, askı ve iş sınırına bakıldı).',
        jobs: '{{active}}/{{cap}} iş', send: 'Ata', sendReassign: 'Yeniden ata', done: 'Sipariş {{name}} adlı çevirmene atandı.',
        notNow: 'Bu durumdaki bir sipariş atanamaz.',
        sandbox: 'Deneme siparişi: işi simüle edilmiş deneme çevirmeni yürütür; gerçek bir çevirmene atanamaz.',
      },
      detail: {
        customer: 'Müşteri', contact: 'İletişim', email: 'E-posta', phone: 'Telefon', company: 'Şirket', noPhone: 'Telefon yok', individual: 'Bireysel',
        translator: 'Çevirmen', work: 'İş', deadline: 'Teslim tarihi', paid: 'Ödendi', created: 'Oluşturuldu', delivered: 'Teslim edildi',
        files: 'Dosyalar', sourceFiles: 'Kaynak dosyalar', deliveries: 'Teslim edilen çeviriler', noFiles: 'Kaynak dosya yok (miktar elle girildi).', noDeliveries: 'Henüz teslim yok.',
        download: '{{name}} dosyasını indir', words_one: '{{n}} kelime', words_other: '{{n}} kelime', pages_one: '{{n}} sayfa', pages_other: '{{n}} sayfa', minutes_one: '{{n}} dakika', minutes_other: '{{n}} dakika',
        quote: 'Teklif', quoteLink: 'Teklifi aç', quotePdf: 'Teklif PDF ({{lang}})', contractPdf: 'Sözleşme PDF ({{date}} tarihinde kabul edildi)', line: 'Dil', quantity: 'Miktar', amount: 'Tutar', total: 'Toplam', usd: 'ABD doları karşılığı',
        invoice: 'Fatura', invoiceNone: 'Fatura henüz kesilmedi.', invoiceFailed: 'Fatura yüklenemedi.', invoiceNet: 'Ara toplam', invoiceVat: 'KDV', invoiceTotal: 'Genel toplam', invoiceDue: 'Son ödeme', invoicePdf: 'Fatura PDF',
        brief: 'Müşterinin notu', actions: 'İşlemler', noActions: 'Bu durumdaki siparişte yapılacak işlem yok.', customerFailed: 'Müşteri bilgileri yüklenemedi.',
      },
    },
    fulfilment: {
      title: 'Yeminli tercüme, noter ve apostil adımları',
      steps: { translated: 'Çevrildi', at_notary: 'Noterde', notarised: 'Noter onaylı', apostilled: 'Apostil alındı', shipped: 'Kargoya verildi' },
      next: 'Sıradaki adım: {{step}}', allDone: 'Bütün adımlar tamamlandı.', waiting: 'Bekleniyor',
      record: '“{{step}}” olarak işaretle', courier: 'Kargo firması', tracking: 'Takip numarası', note: 'Not (isteğe bağlı)',
      courierRequired: 'Kargo firmasını yazın.', trackingRequired: 'Takip numarasını yazın.', recorded: 'Adım kaydedildi.',
    },
    quotes: {
      lead: 'Bütün teklifler; bekleyen bir teklifin fiyatı güncellenebilir ya da teklif iptal edilebilir.',
      statuses: { pending: 'Onay bekliyor', approved: 'Onaylandı', rejected: 'Reddedildi', expired: 'Süresi doldu', cancelled: 'İptal edildi' },
      searchLabel: 'Teklif numarası veya müşteri kimliği ile ara',
      number: 'Teklif', customer: 'Müşteri', total: 'Tutar', created: 'Oluşturuldu', expires: 'Geçerlilik', version: 'Fiyat sürümü',
      revisions: 'Fiyat güncellemeleri', revisionLine: 'Sürüm {{version}}: {{previous}} → {{total}}', cancelReason: 'İptal gerekçesi',
      revise: {
        title: 'Fiyatı güncelle', amount: 'Yeni tutar ({{currency}})', note: 'Müşteriye not', send: 'Yeni fiyatı gönder',
        amountInvalid: 'Geçerli bir tutar yazın.', noteRequired: 'Müşteriye bir not yazın.', done: 'Yeni fiyat müşteriye gönderildi.',
      },
      cancel: { open: 'Teklifi iptal et', title: 'İptal gerekçesi', reason: 'Gerekçe (müşteri görür)', send: 'İptal et', done: 'Teklif iptal edildi.' },
      order: 'Siparişe git',
    },
  },
  en: {
    orders: {
      lead: 'Every order: its state, customer, translator and deadline.',
      searchLabel: 'Search by order number or customer id',
      number: 'Order', customer: 'Customer', translator: 'Translator', deadline: 'Deadline', created: 'Created', paid: 'Paid', total: 'Total',
      work: 'Work', nobody: 'Not assigned', escalated: 'Nobody took it',
      timeline: 'Timeline', by: 'by {{name}}', to: 'Translator: {{name}}', staffMember: 'a staff member',
      assign: {
        title: 'Assign a translator', reassignTitle: 'Give to another translator', label: 'Eligible translators', choose: 'Choose a translator…',
        none: 'No translator can take this job right now (pair, service, sworn status, vacation, suspension and job cap checked).',
        jobs: '{{active}}/{{cap}} jobs', send: 'Assign', sendReassign: 'Reassign', done: 'The order is assigned to {{name}}.',
        notNow: 'An order in this state cannot be assigned.',
        sandbox: 'A sandbox order: the simulated sandbox translator works it; it cannot be given to a real translator.',
      },
      detail: {
        customer: 'Customer', contact: 'Contact', email: 'E-mail', phone: 'Phone', company: 'Company', noPhone: 'No phone', individual: 'Individual',
        translator: 'Translator', work: 'Work', deadline: 'Deadline', paid: 'Paid', created: 'Created', delivered: 'Delivered',
        files: 'Files', sourceFiles: 'Source files', deliveries: 'Delivered translations', noFiles: 'No source files (quantity entered by hand).', noDeliveries: 'Nothing delivered yet.',
        download: 'Download {{name}}', words_one: '{{n}} word', words_other: '{{n}} words', pages_one: '{{n}} page', pages_other: '{{n}} pages', minutes_one: '{{n}} minute', minutes_other: '{{n}} minutes',
        quote: 'Quote', quoteLink: 'Open the quote', quotePdf: 'Quote PDF ({{lang}})', contractPdf: 'Contract PDF (accepted on {{date}})', line: 'Language', quantity: 'Quantity', amount: 'Amount', total: 'Total', usd: 'In US dollars',
        invoice: 'Invoice', invoiceNone: 'No invoice issued yet.', invoiceFailed: 'The invoice could not be loaded.', invoiceNet: 'Net', invoiceVat: 'VAT', invoiceTotal: 'Total', invoiceDue: 'Due', invoicePdf: 'Invoice PDF',
        brief: 'Customer’s note', actions: 'Actions', noActions: 'Nothing to do on an order in this state.', customerFailed: 'The customer’s details could not be loaded.',
      },
    },
    fulfilment: {
      title: 'Sworn translation, notary and apostille steps',
      steps: { translated: 'Translated', at_notary: 'At the notary', notarised: 'Notarised', apostilled: 'Apostilled', shipped: 'Shipped' },
      next: 'Next step: {{step}}', allDone: 'Every step is done.', waiting: 'Waiting',
      record: 'Mark as “{{step}}”', courier: 'Courier', tracking: 'Tracking number', note: 'Note (optional)',
      courierRequired: 'Enter the courier.', trackingRequired: 'Enter the tracking number.', recorded: 'Step recorded.',
    },
    quotes: {
      lead: 'Every quote; a pending quote’s price can be revised, or the quote cancelled.',
      statuses: { pending: 'Awaiting approval', approved: 'Approved', rejected: 'Rejected', expired: 'Expired', cancelled: 'Cancelled' },
      searchLabel: 'Search by quote number or customer id',
      number: 'Quote', customer: 'Customer', total: 'Total', created: 'Created', expires: 'Valid until', version: 'Price version',
      revisions: 'Price revisions', revisionLine: 'Version {{version}}: {{previous}} → {{total}}', cancelReason: 'Reason for cancelling',
      revise: {
        title: 'Revise the price', amount: 'New total ({{currency}})', note: 'Note to the customer', send: 'Send the new price',
        amountInvalid: 'Enter a valid amount.', noteRequired: 'Write a note to the customer.', done: 'The new price was sent to the customer.',
      },
      cancel: { open: 'Cancel the quote', title: 'Reason for cancelling', reason: 'Reason (the customer sees it)', send: 'Cancel it', done: 'The quote is cancelled.' },
      order: 'Go to the order',
    },
  },
};

/** useStaffOrdersTexts is `t` of the orders' and quotes' screens. */
export const useStaffOrdersTexts = defineTexts(STAFF_ORDERS_NS, staffOrdersTexts);
