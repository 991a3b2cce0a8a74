import { invoicePdfUrl } from '../api/billing.js';
import { useBillingTexts } from '../texts.js';

/** PdfLinks downloads an invoice as a PDF in Turkish and in English, whatever the page's language. */
export function PdfLinks({ invoice }) {
  const t = useBillingTexts();
  return (
    <span className="pdf-links">
      {['tr', 'en'].map((pdfLang) => (
        <a key={pdfLang} href={invoicePdfUrl(invoice.id, pdfLang)} download aria-label={t('pdf.label', { number: invoice.number, which: t(`pdf.${pdfLang}`) })} data-pdf={pdfLang}>
          {t(`pdf.${pdfLang}`)}
        </a>
      ))}
    </span>
  );
}
