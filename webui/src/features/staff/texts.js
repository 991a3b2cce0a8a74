import { useTexts } from '../../lib/i18n.js';

// The back office's words in Turkish and English, shipped with its chunks (never the public pages').
export const STAFF_NS = 'staff';
export const staffTexts = {
  tr: {
    title: 'Yönetim',
    menuLabel: 'Yönetim menüsü',
    sections: {
      dashboard: 'Genel bakış', siparisler: 'Siparişler', teklifler: 'Teklifler', faturalar: 'Faturalar', havaleler: 'Havaleler', bakiyeler: 'Müşteri bakiyeleri',
      odemeler: 'Çevirmen ödemeleri', musteriler: 'Müşteriler', basvurular: 'Başvurular', cevirmenler: 'Çevirmenler', talepler: 'Destek talepleri',
      'canli-destek': 'Canlı destek', mesajlar: 'İletişim mesajları', icerik: 'İçerik', fiyatlar: 'Fiyat listesi', denetim: 'İşlem kayıtları',
    },
    detail: {
      application: 'Başvuru', ticket: 'Destek talebi', order: 'Sipariş', quote: 'Teklif', invoice: 'Fatura', customer: 'Müşteri',
      chat: 'Canlı destek görüşmesi', inquiry: 'İletişim mesajı', post: 'Blog yazısı',
    },
    forbidden: { title: 'Bu sayfaya erişiminiz yok', text: 'Yönetim sayfaları yalnızca yetkili personel içindir.', account: 'Hesabıma dön' },
    dashboard: {
      lead: 'Şimdi bir kişinin ilgilenmesi gerekenler.',
    },
    common: {
      loading: 'Yükleniyor…',
      sending: 'Gönderiliyor…',
      error: 'İşlem tamamlanamadı. Lütfen tekrar deneyin.',
      loadError: 'Liste yüklenemedi.',
      retry: 'Tekrar dene',
      more: 'Daha fazla göster',
      empty: 'Gösterilecek kayıt yok.',
      search: 'Ara',
      searchLabel: 'Ad veya e-posta ile ara',
      status: 'Durum',
      all: 'Tümü',
      open: 'Aç',
      back: 'Listeye dön',
      reason: 'Red gerekçesi',
      reasonHint: 'Gerekçe ilgili kişiye iletilir.',
      reasonRequired: 'Lütfen bir gerekçe yazın.',
      reasonTooLong: 'Gerekçe en fazla {{max}} karakter olabilir.',
      reject: 'Reddet',
      rejectTitle: 'Reddetme gerekçesi',
      cancel: 'Vazgeç',
      sendReject: 'Reddi gönder',
    },
    transfers: {
      lead: 'Müşterilerin bildirdiği, onay bekleyen havale ve EFT’ler (en eskisi önce).',
      customer: 'Müşteri', amount: 'Tutar', sender: 'Gönderen', date: 'Havale tarihi', reference: 'Açıklama / referans', declared: 'Bildirildi', actions: 'İşlemler',
      confirm: 'Onayla', confirmed: 'Onaylandı, bakiyeye eklendi.', rejected: 'Reddedildi.',
    },
    payouts: {
      lead: 'Çevirmenlerin ödeme talepleri.',
      statuses: { requested: 'Talep edildi', paid: 'Ödendi', rejected: 'Reddedildi' },
      translator: 'Çevirmen', amount: 'Tutar', iban: 'IBAN', holder: 'Hesap sahibi', requested: 'Talep tarihi', actions: 'İşlemler',
      paid: 'Ödendi olarak işaretle', donePaid: 'Ödendi olarak işaretlendi.', doneRejected: 'Reddedildi, tutar kazanca geri eklendi.',
    },
    applications: {
      lead: 'Çevirmen olmak isteyenlerin başvuruları (en yenisi önce).',
      statuses: { submitted: 'İnceleniyor', approved: 'Onaylandı', rejected: 'Reddedildi' },
      name: 'Ad soyad', email: 'E-posta', languages: 'Diller', submitted: 'Başvuru tarihi',
      phone: 'Telefon', native: 'Ana dil', working: 'Çalışma dilleri', specializations: 'Uzmanlık alanları', experience: 'Deneyim (yıl)', education: 'Eğitim', certificates: 'Sertifikalar',
      cv: 'Özgeçmişi indir', portfolio: 'Portfolyo dosyasını indir', portfolioLink: 'Portfolyo bağlantısı', files: 'Dosyalar',
      approve: 'Onayla', approved: 'Başvuru onaylandı; çevirmen hesabı oluşturuluyor.', rejected: 'Başvuru reddedildi; gerekçe başvurana e-postayla gönderildi.', decided: 'Karar', reason: 'Gerekçe',
    },
    translators: {
      lead: 'Çevirmen profilleri: yeminli tercüman doğrulaması ve aynı anda alınabilecek iş sayısı.',
      name: 'Ad soyad', email: 'E-posta', pairs: 'Dil çiftleri', sworn: 'Yeminli tercümanlık', cap: 'Aktif iş sınırı',
      swornNone: 'Yok', swornVerified: 'Doğrulandı', swornPending: 'Doğrulama bekliyor', verify: 'Yeminli durumunu doğrula', verified: 'Yeminli tercümanlık doğrulandı.',
      capLabel: '{{name}} için aktif iş sınırı (1–20)', saveCap: 'Kaydet', capSaved: 'Sınır kaydedildi.', capInvalid: 'Sınır 1 ile 20 arasında bir tam sayı olmalıdır.',
    },
    tickets: {
      lead: 'Çevirmenlerin destek talepleri (son hareket önce).',
      statuses: { open: 'Yanıt bekliyor', answered: 'Yanıtlandı', closed: 'Kapatıldı' },
      subject: 'Konu', translator: 'Çevirmen', category: 'Kategori', lastActivity: 'Son hareket', messages: 'Mesaj',
      thread: 'Yazışma', staff: 'Destek ekibi', reply: 'Yanıtınız', send: 'Yanıtı gönder', replied: 'Yanıt gönderildi.', replyRequired: 'Lütfen bir yanıt yazın.',
      close: 'Talebi kapat', closed: 'Talep kapatıldı.', closedNote: 'Bu talep kapatıldı; yeni mesaj alınmaz.',
    },
  },
  en: {
    title: 'Back office',
    menuLabel: 'Back office menu',
    sections: {
      dashboard: 'Dashboard', siparisler: 'Orders', teklifler: 'Quotes', faturalar: 'Invoices', havaleler: 'Bank transfers', bakiyeler: 'Customer balances',
      odemeler: 'Translator payouts', musteriler: 'Customers', basvurular: 'Applications', cevirmenler: 'Translators', talepler: 'Support tickets',
      'canli-destek': 'Live support', mesajlar: 'Contact messages', icerik: 'Content', fiyatlar: 'Price list', denetim: 'Audit log',
    },
    detail: {
      application: 'Application', ticket: 'Support ticket', order: 'Order', quote: 'Quote', invoice: 'Invoice', customer: 'Customer',
      chat: 'Live support conversation', inquiry: 'Contact message', post: 'Blog post',
    },
    forbidden: { title: 'You do not have access to this page', text: 'The back office is for authorised staff only.', account: 'Back to my account' },
    dashboard: {
      lead: 'What needs a person now.',
    },
    common: {
      loading: 'Loading…',
      sending: 'Sending…',
      error: 'That did not work. Please try again.',
      loadError: 'The list could not be loaded.',
      retry: 'Try again',
      more: 'Show more',
      empty: 'Nothing to show.',
      search: 'Search',
      searchLabel: 'Search by name or e-mail',
      status: 'Status',
      all: 'All',
      open: 'Open',
      back: 'Back to the list',
      reason: 'Reason for rejecting',
      reasonHint: 'The reason is sent to the person concerned.',
      reasonRequired: 'Please write a reason.',
      reasonTooLong: 'The reason can be at most {{max}} characters.',
      reject: 'Reject',
      rejectTitle: 'Reason for rejecting',
      cancel: 'Cancel',
      sendReject: 'Send the rejection',
    },
    transfers: {
      lead: 'Bank transfers customers declared, waiting for confirmation (oldest first).',
      customer: 'Customer', amount: 'Amount', sender: 'Sender', date: 'Transfer date', reference: 'Description / reference', declared: 'Declared', actions: 'Actions',
      confirm: 'Confirm', confirmed: 'Confirmed and credited to the balance.', rejected: 'Rejected.',
    },
    payouts: {
      lead: 'Translators’ payout requests.',
      statuses: { requested: 'Requested', paid: 'Paid', rejected: 'Rejected' },
      translator: 'Translator', amount: 'Amount', iban: 'IBAN', holder: 'Account holder', requested: 'Requested', actions: 'Actions',
      paid: 'Mark as paid', donePaid: 'Marked as paid.', doneRejected: 'Rejected; the amount is back in the earnings.',
    },
    applications: {
      lead: 'Applications of people who want to translate for us (newest first).',
      statuses: { submitted: 'Under review', approved: 'Approved', rejected: 'Rejected' },
      name: 'Name', email: 'E-mail', languages: 'Languages', submitted: 'Submitted',
      phone: 'Phone', native: 'Native language', working: 'Working languages', specializations: 'Specialisations', experience: 'Experience (years)', education: 'Education', certificates: 'Certificates',
      cv: 'Download the CV', portfolio: 'Download the portfolio file', portfolioLink: 'Portfolio link', files: 'Files',
      approve: 'Approve', approved: 'Application approved; the translator’s account is being created.', rejected: 'Application rejected; the reason was e-mailed to the applicant.', decided: 'Decided', reason: 'Reason',
    },
    translators: {
      lead: 'Translators’ profiles: sworn translator verification and how many jobs each may hold at once.',
      name: 'Name', email: 'E-mail', pairs: 'Language pairs', sworn: 'Sworn translator', cap: 'Active job cap',
      swornNone: 'No', swornVerified: 'Verified', swornPending: 'Awaiting verification', verify: 'Verify sworn status', verified: 'Sworn status verified.',
      capLabel: 'Active job cap for {{name}} (1–20)', saveCap: 'Save', capSaved: 'Cap saved.', capInvalid: 'The cap must be a whole number from 1 to 20.',
    },
    tickets: {
      lead: 'Translators’ support tickets (latest activity first).',
      statuses: { open: 'Awaiting reply', answered: 'Answered', closed: 'Closed' },
      subject: 'Subject', translator: 'Translator', category: 'Category', lastActivity: 'Last activity', messages: 'Messages',
      thread: 'Conversation', staff: 'Support team', reply: 'Your reply', send: 'Send the reply', replied: 'Reply sent.', replyRequired: 'Please write a reply.',
      close: 'Close the ticket', closed: 'Ticket closed.', closedNote: 'This ticket is closed and takes no more messages.',
    },
  },
};

/** useStaffTexts is t for the back office's texts in the page's language. */
export const useStaffTexts = () => useTexts(STAFF_NS, staffTexts);

/** errorText is what the page says for a failed call: the server's message (in the page's language), else a general one. */
export const errorText = (t, error) => (error?.status && error.message && !/^HTTP \d+$/.test(error.message) ? error.message : t('common.error'));
