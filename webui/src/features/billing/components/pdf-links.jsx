import { invoicePdfUrl, invoiceXmlUrl } from '../api/billing.js';
import { useBillingTexts } from '../texts.js';

/** PdfLinks downloads an invoice as a PDF in Turkish and in English, whatever the page's language, and as its e-Arşiv XML. */
export function PdfLinks({ invoice }) {
  const t = useBillingTexts();
  return (
    <span className="pdf-links">
      {['tr', 'en'].map((pdfLang) => (
        <a key={pdfLang} href={invoicePdfUrl(invoice.id, pdfLang)} download aria-label={t('pdf.label', { number: invoice.number, which: t(`pdf.${pdfLang}`) })} data-pdf={pdfLang}>
          {t(`pdf.${pdfLang}`)}
        </a>
      ))}
      {/* The e-Arşiv document, GİB's XML of the same invoice (svc-billing/einvoice), for the customer's accountant. */}
      <a href={invoiceXmlUrl(invoice.id)} download aria-label={t('pdf.label', { number: invoice.number, which: t('pdf.xml') })} data-document="e-archive">
        {t('pdf.xml')}
      </a>
      {invoice.returnNumber && (
        <a href={invoiceXmlUrl(invoice.id, { ofReturn: true })} download aria-label={t('pdf.label', { number: invoice.returnNumber, which: t('pdf.returnXml') })} data-document="return">
          {t('pdf.returnXml')}
        </a>
      )}
    </span>
  );
}
