import { useMatches } from 'react-router-dom';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { defineTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { serviceLd } from '../../lib/seo.js';
import { ServiceHero } from '../../components/service-hero.jsx';
import { Checklist, Steps } from '../../components/lists.jsx';

// Document and technical translation are fields of professional translation rather than
// catalogue services, so their texts live here; handle.kind picks one.
const texts = {
  tr: {
    order: 'Sipariş verin',
    turnaroundTitle: 'Teslim süresi',
    processTitle: 'Nasıl çalışıyoruz?',
    typesTitle: 'Çevirdiğimiz belgeler',
    faqTitle: 'Sık sorulanlar',
    document: {
      title: 'Belge Çevirisi',
      description: 'Diploma, transkript, sözleşme, vekâletname, pasaport ve resmi belgelerin yeminli, noter onaylı ve apostilli çevirisi; 1-3 iş gününde teslim.',
      icon: 'fa-file-lines',
      lead: 'Resmi kurumlara, üniversitelere, konsolosluklara ve mahkemelere sunacağınız belgeleri yeminli tercümanlarımız aslına sadık biçimde çevirir; gerekirse noter onayı ve apostil işlemlerini de biz takip ederiz.',
      turnaround: 'Standart belgeler 1-3 iş gününde, acil siparişler 24 saat içinde teslim edilir.',
      types: [
        'Diploma, transkript ve öğrenci belgeleri',
        'Nüfus kayıt örneği, doğum ve evlilik belgeleri',
        'Pasaport, kimlik ve ehliyet',
        'Sözleşmeler, vekâletnameler ve mahkeme kararları',
        'Şirket ana sözleşmesi, faaliyet belgesi ve imza sirküleri',
        'Sağlık raporları ve epikrizler',
      ],
      process: [
        'Belgenizin taranmış kopyasını yükleyin; okunaklı bir fotoğraf da yeterlidir.',
        'Yeminli tercüman belgeyi biçimini koruyarak çevirir, özel adları ve tarihleri tek tek doğrular.',
        'İkinci bir dil uzmanı çeviriyi kaynakla satır satır karşılaştırır.',
        'İstenirse noter onayı ve apostil alınır; belgeniz PDF olarak ve kargoyla teslim edilir.',
      ],
      faq: [
        ['Yeminli tercüme ile noter onaylı tercüme arasındaki fark nedir?', 'Yeminli tercümede çeviriyi yapan tercüman imzası ve kaşesiyle doğruluğu beyan eder. Noter onayında noter, bu tercümanın yeminli olduğunu tasdik eder. Birçok resmi kurum noter onayını ister.'],
        ['Apostil nedir, ne zaman gerekir?', 'Apostil, Lahey Sözleşmesi’ne taraf ülkelerde bir belgenin resmi olduğunu gösteren tasdiktir. Yurt dışında kullanılacak Türk belgeleri için valilik veya kaymakamlıktan alınır.'],
      ],
    },
    technical: {
      title: 'Teknik Çeviri',
      description: 'Kullanım kılavuzu, teknik şartname, patent, yazılım ve mühendislik dokümanlarının terminolojiye sadık teknik çevirisi; 3-5 iş gününde teslim.',
      icon: 'fa-gears',
      lead: 'Makine, otomotiv, enerji, medikal cihaz ve yazılım alanlarında çalışan mühendis kökenli çevirmenlerimiz, terim listeleri ve çeviri belleğiyle tutarlı, kullanıma hazır teknik metinler teslim eder.',
      turnaround: 'Teknik belgeler hacmine göre 3-5 iş gününde, acil siparişler 24 saat içinde teslim edilir.',
      types: [
        'Kullanım ve bakım kılavuzları',
        'Teknik şartnameler ve ihale dokümanları',
        'Patent başvuruları ve tarifnameler',
        'Yazılım arayüzleri ve kullanıcı dokümantasyonu',
        'Güvenlik bilgi formları (SDS) ve etiketler',
        'Mühendislik çizimleri ve CAD metinleri',
      ],
      process: [
        'Dosyalarınızı ve varsa terim listenizi, eski çevirilerinizi yükleyin.',
        'Proje yöneticisi alanı belirler, terim listesini hazırlar ve işi alan uzmanı çevirmene atar.',
        'Bağımsız bir teknik editör terminolojiyi, birimleri ve sayıları kontrol eder.',
        'Masaüstü yayıncılık ekibimiz çeviriyi özgün düzeninde (InDesign, FrameMaker, Word) teslim eder.',
      ],
      faq: [
        ['Kendi terim listemizi kullanabilir misiniz?', 'Evet. Terim listenizi ve önceki çevirilerinizi çeviri belleğine aktarırız; tüm projelerinizde aynı terimler kullanılır.'],
        ['Hangi dosya biçimleriyle çalışıyorsunuz?', 'Word, Excel, PowerPoint, PDF, InDesign, FrameMaker, XML, HTML ve yazılım kaynak dosyaları (JSON, XLIFF, PO) ile çalışıyoruz.'],
      ],
    },
  },
  en: {
    order: 'Place an order',
    turnaroundTitle: 'Turnaround',
    processTitle: 'How we work',
    typesTitle: 'Documents we translate',
    faqTitle: 'Common questions',
    document: {
      title: 'Document Translation',
      description: 'Sworn, notarised and apostilled translation of diplomas, transcripts, contracts, powers of attorney, passports and official documents in 1-3 business days.',
      icon: 'fa-file-lines',
      lead: 'Our sworn translators render the documents you submit to authorities, universities, consulates and courts faithfully to the original; where needed we also take care of notarisation and the apostille.',
      turnaround: 'Standard documents are delivered in 1-3 business days, rush orders within 24 hours.',
      types: [
        'Diplomas, transcripts and student certificates',
        'Civil registry extracts, birth and marriage certificates',
        'Passports, identity cards and driving licences',
        'Contracts, powers of attorney and court decisions',
        'Articles of association, certificates of activity and signature circulars',
        'Medical reports and discharge summaries',
      ],
      process: [
        'Upload a scan of your document; a legible photo is enough.',
        'A sworn translator translates it in its original layout and checks every name and date.',
        'A second linguist compares the translation with the source line by line.',
        'On request we obtain notarisation and the apostille; you receive a PDF and the originals by courier.',
      ],
      faq: [
        ['What is the difference between a sworn and a notarised translation?', 'In a sworn translation the translator declares its accuracy with their signature and stamp. In a notarised translation a notary also certifies that the translator is sworn. Many authorities ask for notarisation.'],
        ['What is an apostille and when do I need one?', 'An apostille certifies that a public document is genuine in countries party to the Hague Convention. Documents used abroad need one from the issuing country’s competent authority.'],
      ],
    },
    technical: {
      title: 'Technical Translation',
      description: 'Technical translation of user manuals, specifications, patents, software and engineering documents, true to your terminology, in 3-5 business days.',
      icon: 'fa-gears',
      lead: 'Translators with engineering backgrounds in machinery, automotive, energy, medical devices and software deliver consistent, ready-to-use technical texts with glossaries and translation memory.',
      turnaround: 'Technical documents are delivered in 3-5 business days depending on volume, rush orders within 24 hours.',
      types: [
        'Operating and maintenance manuals',
        'Technical specifications and tender documents',
        'Patent applications and specifications',
        'Software interfaces and user documentation',
        'Safety data sheets (SDS) and labels',
        'Engineering drawings and CAD texts',
      ],
      process: [
        'Upload your files along with any glossary or earlier translations.',
        'A project manager identifies the field, prepares the glossary and assigns a subject-matter translator.',
        'An independent technical editor checks terminology, units and figures.',
        'Our desktop publishing team delivers the translation in its original layout (InDesign, FrameMaker, Word).',
      ],
      faq: [
        ['Can you use our own glossary?', 'Yes. We import your glossary and earlier translations into translation memory so the same terms are used across all your projects.'],
        ['Which file formats do you work with?', 'Word, Excel, PowerPoint, PDF, InDesign, FrameMaker, XML, HTML and software resource files (JSON, XLIFF, PO).'],
      ],
    },
  },
};
const useSpecialtyTexts = defineTexts('specialty', texts);

/** Component is the document or technical translation page (handle.kind). */
export function Component() {
  const lang = useLanguage();
  const t = useSpecialtyTexts();
  const { kind, screen } = useMatches().at(-1).handle;
  const k = (key) => t(`${kind}.${key}`);
  usePageMeta({
    title: k('title'),
    description: k('description'),
    jsonLd: serviceLd({
      name: k('title'),
      description: k('description'),
      serviceType: kind === 'document' ? 'Document translation' : 'Technical translation',
      path: path(screen, lang),
      lang,
    }),
  });

  return (
    <article className="page">
      <ServiceHero
        icon={k('icon')}
        title={k('title')}
        lead={k('lead')}
        orderSlug={lang === 'en' ? 'professional-translation' : 'profesyonel-tercume'}
        orderLabel={t('order')}
      />
      <div className="grid grid--2">
        <section aria-labelledby="types-title">
          <h2 id="types-title">{t('typesTitle')}</h2>
          <Checklist items={k('types')} />
          <h2>{t('turnaroundTitle')}</h2>
          <p>{k('turnaround')}</p>
        </section>
        <section className="card" aria-labelledby="process-title">
          <h2 id="process-title">{t('processTitle')}</h2>
          <Steps items={k('process')} />
        </section>
      </div>
      <section className="section" aria-labelledby="specialty-faq-title">
        <h2 id="specialty-faq-title">{t('faqTitle')}</h2>
        <div className="faq-list">
          {k('faq').map(([q, a]) => (
            <details key={q} className="faq-item">
              <summary>{q}</summary>
              <p>{a}</p>
            </details>
          ))}
        </div>
      </section>
    </article>
  );
}
