import { defineTexts } from '../../lib/i18n.js';

// The live support corner's words, shipped with its chunk (loaded after idle, spec §2) rather
// than with every page's first load.
const visitor = {
  tr: {
    title: 'Canlı destek',
    online: 'Ekibimiz çevrimiçi; genellikle birkaç dakika içinde yanıtlıyoruz.',
    offline: 'Şu anda çevrimiçi temsilcimiz yok. Mesajınızı bırakın; e-posta adresinize yanıt verelim.',
    checking: 'Bağlanıyor…',
    name: 'Adınız',
    email: 'E-posta adresiniz',
    emailOptional: 'E-posta adresiniz (isteğe bağlı)',
    message: 'Mesajınız',
    send: 'Gönder',
    sending: 'Gönderiliyor…',
    start: 'Görüşmeyi başlat',
    you: 'Siz',
    staff: 'LinguaPort destek',
    inquirySent: 'Şu an kimse çevrimiçi değil; mesajınızı iletişim talebi olarak aldık, e-postayla yanıtlayacağız.',
    needEmail: 'Şu an kimse çevrimiçi değil. Size yanıt verebilmemiz için e-posta adresinizi yazın.',
    closed: 'Bu görüşme kapatıldı. Yeni bir mesaj yazarsanız yeniden açılır.',
    newChat: 'Yeni görüşme',
    required: 'Bu alan zorunludur.',
    tooLong: 'Mesaj en fazla 2000 karakter olabilir.',
    failed: 'Mesaj gönderilemedi. Lütfen tekrar deneyin.',
    history: 'Görüşmeleriniz',
    other: 'Başka yollar: {{email}} · {{phone}}',
  },
  en: {
    title: 'Live support',
    online: 'Our team is online; we usually answer within a few minutes.',
    offline: 'Nobody is online right now. Leave your message and we will answer by e-mail.',
    checking: 'Connecting…',
    name: 'Your name',
    email: 'Your e-mail address',
    emailOptional: 'Your e-mail address (optional)',
    message: 'Your message',
    send: 'Send',
    sending: 'Sending…',
    start: 'Start the conversation',
    you: 'You',
    staff: 'LinguaPort support',
    inquirySent: 'Nobody is online right now; we have taken your message as a contact request and will answer by e-mail.',
    needEmail: 'Nobody is online right now. Write your e-mail address so we can answer you.',
    closed: 'This conversation was closed. Writing a new message reopens it.',
    newChat: 'New conversation',
    required: 'This field is required.',
    tooLong: 'A message can be at most 2000 characters.',
    failed: 'The message could not be sent. Please try again.',
    history: 'Your conversations',
    other: 'Other ways: {{email}} · {{phone}}',
  },
};

export const chatBundles = visitor;
export const useChatTexts = defineTexts('chat', visitor);
