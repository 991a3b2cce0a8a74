import { accountPath } from '../config/paths.js';
import { useLanguage } from '../lib/language.jsx';
import { defineTexts } from '../lib/i18n.js';
import { StatCard, StatCards } from '../components/stat-card.jsx';
import { EarningsSummary } from '../features/earnings/components/earnings-summary.jsx';
import { useActiveJobs, usePool } from '../features/jobs/api/jobs.js';
import { useVacations } from '../features/translators/api/translators.js';

// The translator's overview figures: their active jobs, the jobs waiting in their pool, their
// earnings and whether they are on vacation, each leading to its section. Each figure comes from
// its own service, so one that is down leaves the others standing.
const texts = {
  tr: {
    label: 'Özet',
    active: 'Aktif işlerim',
    activeLink: 'İşlerime git',
    pool: 'Havuzdaki işler',
    poolLink: 'Havuza git',
    poolCap: 'Aktif iş sınırınıza ulaştınız.',
    poolVacation: 'Tatildeyken havuz boş görünür.',
    vacation: 'Tatil modu',
    vacationOn: 'Açık',
    vacationOff: 'Kapalı',
    vacationLink: 'Tatil modunu yönet',
  },
  en: {
    label: 'Summary',
    active: 'Active jobs',
    activeLink: 'Go to my jobs',
    pool: 'Jobs in the pool',
    poolLink: 'Go to the pool',
    poolCap: 'You have reached your active job limit.',
    poolVacation: 'The pool is empty while you are on vacation.',
    vacation: 'Vacation mode',
    vacationOn: 'On',
    vacationOff: 'Off',
    vacationLink: 'Manage vacation mode',
  },
};
const useTranslatorSummaryTexts = defineTexts('translator-summary', texts);

const count = (data, n) => (data ? String(n) : '…');

/** TranslatorSummary is the translator's overview figures (see above). */
export function TranslatorSummary() {
  const lang = useLanguage();
  const t = useTranslatorSummaryTexts();
  const { data: jobs } = useActiveJobs(lang);
  const { data: pool } = usePool(lang);
  const { data: vacations } = useVacations(lang);
  const poolNote = pool?.reason === 'cap' ? t('poolCap') : pool?.reason === 'vacation' ? t('poolVacation') : '';
  return (
    <StatCards label={t('label')}>
      <StatCard testId="summary-active" label={t('active')} value={count(jobs, jobs?.length)} to={accountPath(lang, 'aktif-islerim')} linkText={t('activeLink')} />
      <StatCard testId="summary-pool" label={t('pool')} value={count(pool, pool?.jobs.length)} note={poolNote} to={accountPath(lang, 'havuzdaki-isler')} linkText={t('poolLink')} />
      <EarningsSummary />
      <StatCard
        testId="summary-vacation"
        label={t('vacation')}
        value={vacations ? t(vacations.onVacation ? 'vacationOn' : 'vacationOff') : '…'}
        to={accountPath(lang, 'tatil-modu')}
        linkText={t('vacationLink')}
      />
    </StatCards>
  );
}
