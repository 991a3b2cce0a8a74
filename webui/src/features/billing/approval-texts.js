// Texts of the billing details step of a quote's approval (components/approval-details.jsx) in
// both languages. The form's own labels and rule messages are the billing form's (texts.js).
import { defineTexts } from '../../lib/i18n.js';

export const APPROVAL_NS = 'billingApproval';

export const approvalTexts = {
  tr: {
    title: 'Fatura bilgileriniz',
    savedLead: 'Faturanız bu bilgilerle kesilir. Doğruysa onaylayın; değilse değiştirin.',
    formLead:
      'Onaydan hemen sonra faturanız kesilir; doğru kesilebilmesi için fatura bilgilerinizi girin. Bireysel ya da kurumsal seçin; yurt dışında faturalandırılacaksanız ülkenizi seçip ülkenizdeki vergi numaranızı girin, KDV alınmaz.',
    required: 'Teklifi onaylamadan önce fatura bilgilerinizi girin.',
    change: 'Bilgileri değiştir',
    keep: 'Kayıtlı bilgileri kullan',
    name: 'Ad soyad / unvan',
    identity: { tckn: 'T.C. kimlik no', vkn: 'VKN', taxOffice: 'Vergi dairesi', taxId: 'Vergi numarası' },
    address: 'Adres',
    country: 'Ülke',
    email: 'Fatura e-postası',
    billedIn: { turkey: 'Türkiye’de faturalandırılır (KDV eklenir)', abroad: 'Yurt dışında faturalandırılır (KDV alınmaz)' },
    loadFailed: 'Fatura bilgileriniz yüklenemedi. Lütfen sayfayı yenileyin.',
  },
  en: {
    title: 'Your billing details',
    savedLead: 'Your invoice will be issued with these details. Approve if they are right; otherwise change them.',
    formLead:
      'Your invoice is issued as soon as you approve; enter your billing details so it is right. Choose individual or company; if you are billed abroad, choose your country and enter your tax number there: no Turkish VAT is charged.',
    required: 'Enter your billing details before approving the quote.',
    change: 'Change details',
    keep: 'Use the saved details',
    name: 'Name / company',
    identity: { tckn: 'Turkish ID no', vkn: 'Tax no (VKN)', taxOffice: 'Tax office', taxId: 'Tax number' },
    address: 'Address',
    country: 'Country',
    email: 'Billing e-mail',
    billedIn: { turkey: 'Billed in Turkey (Turkish VAT added)', abroad: 'Billed abroad (no Turkish VAT)' },
    loadFailed: 'Your billing details could not be loaded. Please reload the page.',
  },
};

/** useApprovalTexts is `t` for the approval step's texts in the page's language. */
export const useApprovalTexts = defineTexts(APPROVAL_NS, approvalTexts);
