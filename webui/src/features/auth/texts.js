// Texts of the auth forms in both languages. Field messages mirror svc-auth's (API.md "Rules"),
// so a mistake reads the same whether the page or the server finds it.
import { defineTexts } from '../../lib/i18n.js';

export const AUTH_NS = 'auth';

export const authTexts = {
  tr: {
    fieldErrors: {
      passwordShort: 'Parola en az 10 karakter olmalı.',
      passwordLong: 'Parola en fazla 128 karakter olabilir.',
      passwordMismatch: 'Yeni parolalar eşleşmiyor!',
      terms: 'Üyelik sözleşmesini kabul etmelisiniz.',
    },
    failed: 'Sunucuya ulaşılamadı. Bağlantınızı kontrol edip tekrar deneyin.',
    fullName: 'Ad soyad',
    email: 'E-posta',
    password: 'Parola',
    passwordHint: 'En az 10 karakter; tahmin edilmesi zor bir parola seçin.',
    confirmPassword: 'Parola (tekrar)',
    currentPassword: 'Mevcut parola',
    newPassword: 'Yeni parola',
    confirmNewPassword: 'Yeni parola (tekrar)',
    rememberMe: 'Beni hatırla (30 gün)',
    login: {
      submit: 'Giriş Yap',
      sending: 'Giriş yapılıyor...',
    },
    forgot: {
      intro: 'Hesabınızın e-posta adresini yazın; parolanızı yenilemeniz için size bir bağlantı gönderelim.',
      submit: 'Bağlantıyı gönder',
      done: 'Bu adrese ait bir hesap varsa parola sıfırlama bağlantısını gönderdik. Bağlantı bir saat geçerlidir; e-postayı göremiyorsanız gereksiz klasörünüze de bakın.',
    },
    oauth: {
      or: 'ya da',
      google: 'Google ile giriş',
      facebook: 'Facebook ile giriş',
      off: 'Bu sitede henüz yapılandırılmadı.',
      local: 'Yerel deneme girişi: Google ve Facebook düğmeleri bu bilgisayardaki bir taklit sağlayıcıya gider, gerçek hesaplara değil.',
    },
    register: {
      termsBefore: '',
      termsLink: 'Üyelik sözleşmesini',
      termsAfter: ' okudum ve kabul ediyorum.',
      marketing: "LinguaPort'un kampanya, indirim ve duyurularını e-postayla almak istiyorum. (İsteğe bağlı; dilediğiniz zaman ayarlarınızdan geri alabilirsiniz.)",
      noticeBefore: 'Kişisel verileriniz ',
      noticeLink: 'Aydınlatma Metni',
      noticeAfter: "'nde açıklandığı şekilde işlenir.",
      submit: 'Kayıt Ol',
      sending: 'Hesabınız oluşturuluyor...',
    },
    reset: {
      submit: 'Parolayı değiştir',
      done: 'Parolanız değiştirildi. Yeni parolanızla giriş yapabilirsiniz; açık olan tüm oturumlarınız kapatıldı.',
    },
    profile: {
      phone: 'Telefon',
      phoneHint: 'İsteğe bağlı; örneğin +90 532 123 45 67.',
      companyName: 'Şirket adı',
      companyHint: 'İsteğe bağlı; faturalarınızda görünür.',
      address: 'Adres',
      emailHint: 'Giriş için kullandığınız adres; buradan değiştirilemez.',
      submit: 'Kaydet',
      done: 'Bilgileriniz kaydedildi.',
    },
    change: {
      submit: 'Parolayı değiştir',
      done: 'Parolanız değiştirildi. Diğer cihazlardaki oturumlarınız kapatıldı.',
    },
    messages: {
      title: 'Sistem mesajları',
      empty: 'Şu an okunmamış ya da yeni bir mesajınız yok.',
      failed: 'Mesajlarınız yüklenemedi. Sayfayı yenileyip tekrar deneyin.',
      unread: 'Yeni',
      markRead: 'Okundu olarak işaretle',
    },
  },
  en: {
    fieldErrors: {
      passwordShort: 'The password must be at least 10 characters long.',
      passwordLong: 'The password can be at most 128 characters long.',
      passwordMismatch: 'New passwords do not match!',
      terms: 'You must accept the membership agreement.',
    },
    failed: 'Could not reach the server. Check your connection and try again.',
    fullName: 'Full name',
    email: 'Email',
    password: 'Password',
    passwordHint: 'At least 10 characters; choose one that is hard to guess.',
    confirmPassword: 'Confirm password',
    currentPassword: 'Current password',
    newPassword: 'New password',
    confirmNewPassword: 'Confirm new password',
    rememberMe: 'Remember me (30 days)',
    login: {
      submit: 'Log in',
      sending: 'Signing in...',
    },
    forgot: {
      intro: 'Enter the email address of your account and we will send you a link to choose a new password.',
      submit: 'Send the link',
      done: "If an account exists for this address, we've sent a link to reset your password. The link is valid for one hour; if you cannot see the email, check your spam folder too.",
    },
    oauth: {
      or: 'or',
      google: 'Sign in with Google',
      facebook: 'Sign in with Facebook',
      off: 'Not configured on this site yet.',
      local: 'Local test sign-in: the Google and Facebook buttons go to a stand-in provider on this machine, not to the real ones.',
    },
    register: {
      termsBefore: 'I have read and accept the ',
      termsLink: 'membership agreement',
      termsAfter: '.',
      marketing: "I would like to receive LinguaPort's offers, discounts and news by e-mail. (Optional; you can withdraw it in your settings at any time.)",
      noticeBefore: 'We process your personal data as our ',
      noticeLink: 'privacy notice',
      noticeAfter: ' explains.',
      submit: 'Sign up',
      sending: 'Creating your account...',
    },
    reset: {
      submit: 'Change password',
      done: 'Your password has been changed. You can log in with your new password; all your open sessions have been signed out.',
    },
    profile: {
      phone: 'Phone',
      phoneHint: 'Optional; for example +90 532 123 45 67.',
      companyName: 'Company name',
      companyHint: 'Optional; shown on your invoices.',
      address: 'Address',
      emailHint: 'The address you log in with; it cannot be changed here.',
      submit: 'Save',
      done: 'Your details have been saved.',
    },
    change: {
      submit: 'Change password',
      done: 'Your password has been changed. Your sessions on other devices have been signed out.',
    },
    messages: {
      title: 'System messages',
      empty: 'You have no new or unread messages right now.',
      failed: 'Your messages could not be loaded. Reload the page and try again.',
      unread: 'New',
      markRead: 'Mark as read',
    },
  },
};

/** useAuthTexts is `t` for the auth forms' texts. */
export const useAuthTexts = defineTexts(AUTH_NS, authTexts);
