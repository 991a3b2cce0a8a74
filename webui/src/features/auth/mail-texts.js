import { defineTexts } from '../../lib/i18n.js';

// Texts of the account's mail: the address's confirmation, the optional mails' switches and the
// one-click unsubscribe page (svc-auth API.md "Mails"), in both languages.
export const MAIL_NS = 'auth-mail';

export const mailTexts = {
  tr: {
    status: {
      verified: 'Doğrulandı',
      unverified: 'Henüz doğrulanmadı',
      unverifiedLead: 'Size gönderdiğimiz e-postadaki bağlantıyla adresinizi doğrulayın. Doğrulamadan da sipariş verebilirsiniz; adresiniz, faturalarınızın ve siparişlerinizle ilgili e-postaların size ulaşması için gerekli.',
      resend: 'Bağlantıyı yeniden gönder',
      sending: 'Gönderiliyor...',
      resent: 'Yeni bir doğrulama bağlantısı gönderdik. Bağlantı 7 gün geçerlidir; e-postayı göremiyorsanız gereksiz klasörünüze de bakın.',
      failed: 'Bağlantı gönderilemedi. Biraz sonra tekrar deneyin.',
    },
    verify: {
      title: 'E-posta adresinizi doğrulayın',
      description: 'LinguaPort hesabınızın e-posta adresini doğrulayın.',
      working: 'E-posta adresiniz doğrulanıyor...',
      done: 'E-posta adresiniz doğrulandı. Teşekkürler!',
      noToken: 'Bu bağlantı eksik görünüyor. E-postadaki bağlantıyı eksiksiz açın ya da hesabınızdan yeni bir bağlantı isteyin.',
      failed: 'Adresiniz şu an doğrulanamadı. Biraz sonra bağlantıyı yeniden açın.',
      account: 'Hesabıma git',
      login: 'Giriş yap',
    },
    prefs: {
      title: 'E-posta tercihleri',
      lead: 'Hangi isteğe bağlı e-postaları almak istediğinizi seçin. Faturalar, ödeme makbuzları, siparişlerinizle ilgili e-postalar ve güvenlik e-postaları (parola sıfırlama, parola değişikliği) her zaman gönderilir ve kapatılamaz.',
      offers: 'İş teklifleri',
      offersHint: 'Havuzunuza uygun yeni işler düştüğünde en fazla 15 dakikada bir e-posta.',
      reminders: 'Hatırlatmalar',
      remindersHint: 'Yaklaşan süreler (örneğin düzeltme teslim süresi) ve benzeri hatırlatmalar.',
      saved: 'Tercihleriniz kaydedildi.',
      failed: 'Tercihleriniz kaydedilemedi. Tekrar deneyin.',
      loadFailed: 'Tercihleriniz yüklenemedi. Sayfayı yenileyip tekrar deneyin.',
    },
    unsubscribe: {
      title: 'E-posta aboneliği',
      description: 'LinguaPort e-postalarından çıkın.',
      working: 'İşleminiz yapılıyor...',
      done: {
        offers: 'Artık iş teklifi e-postaları almayacaksınız.',
        reminders: 'Artık hatırlatma e-postaları almayacaksınız.',
      },
      again: 'Fikrinizi değiştirirseniz hesap ayarlarınızdaki e-posta tercihlerinden yeniden açabilirsiniz. Faturalar, siparişlerinizle ilgili e-postalar ve güvenlik e-postaları gelmeye devam eder.',
      settings: 'E-posta tercihlerim',
      noToken: 'Bu bağlantı eksik görünüyor. E-postadaki bağlantıyı eksiksiz açın ya da tercihlerinizi hesap ayarlarınızdan değiştirin.',
      failed: 'İşleminiz şu an yapılamadı. Biraz sonra bağlantıyı yeniden açın.',
    },
  },
  en: {
    status: {
      verified: 'Confirmed',
      unverified: 'Not confirmed yet',
      unverifiedLead: 'Confirm your address with the link in the mail we sent you. You can order before you confirm; we need the address to reach you with your invoices and news of your orders.',
      resend: 'Send the link again',
      sending: 'Sending...',
      resent: 'We sent you a new confirmation link. It works for 7 days; if you cannot see the mail, look in your spam folder too.',
      failed: 'The link could not be sent. Try again a little later.',
    },
    verify: {
      title: 'Confirm your e-mail address',
      description: 'Confirm the e-mail address of your LinguaPort account.',
      working: 'Confirming your e-mail address...',
      done: 'Your e-mail address is confirmed. Thank you!',
      noToken: 'This link looks incomplete. Open the link in the mail in full, or ask for a new one in your account.',
      failed: 'Your address could not be confirmed right now. Open the link again a little later.',
      account: 'Go to my account',
      login: 'Log in',
    },
    prefs: {
      title: 'E-mail preferences',
      lead: 'Choose which optional mails you get. Invoices, payment receipts, mails about your orders and security mails (password resets and changes) always come and cannot be turned off.',
      offers: 'Job offers',
      offersHint: 'A mail when new jobs for you enter your pool, at most one every 15 minutes.',
      reminders: 'Reminders',
      remindersHint: 'Deadlines coming near (a revision’s, for one) and similar reminders.',
      saved: 'Your preferences are saved.',
      failed: 'Your preferences could not be saved. Try again.',
      loadFailed: 'Your preferences could not be loaded. Reload the page and try again.',
    },
    unsubscribe: {
      title: 'Mail subscription',
      description: 'Stop LinguaPort mails.',
      working: 'Working on it...',
      done: {
        offers: 'You will no longer get job offer mails.',
        reminders: 'You will no longer get reminder mails.',
      },
      again: 'If you change your mind, turn them on again in the mail preferences of your account settings. Invoices, mails about your orders and security mails keep coming.',
      settings: 'My mail preferences',
      noToken: 'This link looks incomplete. Open the link in the mail in full, or change your preferences in your account settings.',
      failed: 'That could not be done right now. Open the link again a little later.',
    },
  },
};

/** useMailTexts is `t` for the account's mail texts. */
export const useMailTexts = defineTexts(MAIL_NS, mailTexts);
