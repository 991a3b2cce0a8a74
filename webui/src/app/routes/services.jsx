import { Link } from 'react-router-dom';
import { path } from '../../config/paths.js';
import { useLanguage } from '../../lib/language.jsx';
import { defineTexts } from '../../lib/i18n.js';
import { usePageMeta } from '../../lib/page-meta.jsx';
import { Loading } from '../../components/loading.jsx';
import { Icon } from '../../components/icon.jsx';
import { useServices } from '../../features/services/api/get-services.js';
import { ServiceCards } from '../../features/services/components/service-cards.jsx';
import { PageHero } from '../../components/page-hero.jsx';

const texts = {
  tr: {
    title: 'Çeviri Hizmetleri',
    description: 'Profesyonel tercüme, web sitesi yerelleştirme, içerik yaratma, redaksiyon, altyazı, paraphrasing, transkripsiyon ve masaüstü yayıncılık hizmetleri.',
    eyebrow: 'Hizmetler',
    heading: 'İhtiyacınız olan her dil hizmeti, tek çatı altında',
    lead: 'Sekiz temel hizmetimiz, belge ve teknik çeviri uzmanlığımız ve kurumsal çözümlerimizle metninizin her aşamasında yanınızdayız.',
    more: 'Hizmeti inceleyin',
    specialtyTitle: 'Uzmanlık alanları',
    document: 'Belge çevirisi',
    documentText: 'Diploma, sözleşme, vekâletname ve resmi belgeler; yeminli, noter onaylı ve apostilli.',
    technical: 'Teknik çeviri',
    technicalText: 'Kullanım kılavuzları, teknik şartnameler, patentler ve yazılım dokümantasyonu.',
    corporate: 'Kurumsal çözümler',
    corporateText: 'Yüksek hacimli işler için özel fiyatlandırma, proje yöneticisi ve sözleşmeli teslim süreleri.',
  },
  en: {
    title: 'Translation Services',
    description: 'Professional translation, website localization, content creation, proofreading, subtitles, paraphrasing, transcription and desktop publishing services.',
    eyebrow: 'Services',
    heading: 'Every language service you need, under one roof',
    lead: 'With our eight core services, our document and technical translation expertise and our corporate solutions, we support your text at every stage.',
    more: 'View service',
    specialtyTitle: 'Specialist fields',
    document: 'Document translation',
    documentText: 'Diplomas, contracts, powers of attorney and official documents; sworn, notarised and apostilled.',
    technical: 'Technical translation',
    technicalText: 'User manuals, technical specifications, patents and software documentation.',
    corporate: 'Corporate solutions',
    corporateText: 'Special pricing, a project manager and contracted turnaround times for high-volume work.',
  },
};
const useServicesTexts = defineTexts('services', texts);

export function Component() {
  const lang = useLanguage();
  const t = useServicesTexts();
  usePageMeta({ title: t('title'), description: t('description') });
  const { services } = useServices();

  return (
    <article className="page">
      <PageHero eyebrow={t('eyebrow')} title={t('heading')} lead={t('lead')} />
      {services ? <ServiceCards services={services} lang={lang} more={t('more')} headingLevel={2} /> : <Loading variant="list" />}
      <section className="section" aria-labelledby="specialty-title">
        <h2 id="specialty-title">{t('specialtyTitle')}</h2>
        <ul className="grid" role="list">
          {[
            ['documentTranslation', 'document', 'fa-file-lines'],
            ['technicalTranslation', 'technical', 'fa-gears'],
            ['corporate', 'corporate', 'fa-object-group'],
          ].map(([screen, key, icon]) => (
            <li key={screen}>
              <Link to={path(screen, lang)} className="card">
                <span className="card__icon">
                  <Icon name={icon} />
                </span>
                <h3>{t(key)}</h3>
                <p>{t(`${key}Text`)}</p>
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </article>
  );
}
