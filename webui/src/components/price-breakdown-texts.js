// Texts of the price breakdown (price-breakdown.jsx) in both languages. The VAT line's label
// ("KDV %20", "VAT 20%", or the export exemption's wording) comes from the server as it will
// be printed on the invoice.
import { defineTexts } from '../lib/i18n.js';

export const PRICE_BREAKDOWN_NS = 'priceBreakdown';

export const priceBreakdownTexts = {
  tr: {
    title: 'Ödenecek tutar',
    net: 'Net tutar (KDV hariç)',
    total: 'Ödenecek toplam',
    loading: 'KDV ve ödenecek toplam hesaplanıyor…',
    failed: 'Tutar KDV hariçtir; KDV faturada eklenir.',
    notes: {
      default: 'Türkiye’de faturalandırılan müşterilere KDV eklenir; yurt dışında faturalandırılan müşteriler KDV ödemez.',
      turkey: 'Fatura bilgilerinize göre Türkiye’de faturalandırılırsınız; faturanız bu tutarlarla kesilir.',
      abroad: 'Yurt dışında faturalandırıldığınız için KDV alınmaz (hizmet ihracatı); faturanız bu tutarlarla kesilir.',
      previewTurkey: 'Bu bilgilerle Türkiye’de faturalandırılırsınız; KDV eklenir.',
      previewAbroad: 'Bu bilgilerle yurt dışında faturalandırılırsınız; KDV alınmaz (hizmet ihracatı).',
    },
  },
  en: {
    title: 'Amount to pay',
    net: 'Net amount (excl. VAT)',
    total: 'Total to pay',
    loading: 'Working out VAT and the total to pay…',
    failed: 'The amount excludes VAT; VAT is added on the invoice.',
    notes: {
      default: 'Customers billed in Turkey pay Turkish VAT (KDV); customers billed abroad pay none.',
      turkey: 'Your billing details say you are billed in Turkey; your invoice will carry these figures.',
      abroad: 'You are billed abroad, so no Turkish VAT is charged (export of services); your invoice will carry these figures.',
      previewTurkey: 'With these details you are billed in Turkey; Turkish VAT (KDV) is added.',
      previewAbroad: 'With these details you are billed abroad; no Turkish VAT is charged (export of services).',
    },
  },
};

/** usePriceBreakdownTexts is `t` of the price breakdown. */
export const usePriceBreakdownTexts = defineTexts(PRICE_BREAKDOWN_NS, priceBreakdownTexts);
