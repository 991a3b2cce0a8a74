import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import { accountPath, path } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { defineTexts } from '../../../lib/i18n.js';
import { loadChunk } from '../../../lib/lazy-chunk.js';
import { Loading } from '../../../components/loading.jsx';
import { useAuth } from '../../../features/auth/auth-context.jsx';
import { menuOf, useSectionTexts } from '../../../features/auth/account-sections.js';
import { SystemMessages } from '../../../features/auth/components/system-messages.jsx';
import { RecentActivity } from '../../../features/orders/components/orders-list.jsx';
import { BillingSummary } from '../../../features/billing/components/billing-summary.jsx';
import { OrdersWithCurrency } from '../../orders-with-currency.jsx';
import { TranslatorSummary } from '../../translator-summary.jsx';

// The account's overview: a greeting, for customers a new order, the price calculator and their
// recent quotes and orders, their unpaid invoices and balance, for translators their jobs, pool,
// earnings and vacation at a glance, then the system messages and shortcuts to the other sections.

// The pricing feature's calculator ships in the home page's chunk, where it is prerendered. The
// overview borrows it from there: importing it here as well would split it into a chunk of its
// own that every home page load then fetches.
const Calculator = lazy(() => loadChunk('home', () => import('../home.jsx')).then((m) => ({ default: m.Calculator })));

const texts = {
  tr: {
    greeting: 'Merhaba, {{name}}!',
    greetingNoName: 'Merhaba!',
    lead: {
      customer: 'Siparişlerinizi, dosyalarınızı ve fatura bilgilerinizi buradan yönetebilirsiniz.',
      translator: 'İşlerinizi, yetkinliklerinizi ve ödeme bilgilerinizi buradan yönetebilirsiniz.',
    },
    shortcuts: 'Hesabınızda',
    calculator: 'Fiyat hesaplayıcı',
    orderCta: 'Yeni sipariş verin',
  },
  en: {
    greeting: 'Hello, {{name}}!',
    greetingNoName: 'Hello!',
    lead: {
      customer: 'Manage your orders, files and billing details here.',
      translator: 'Manage your jobs, competencies and payment details here.',
    },
    shortcuts: 'In your account',
    calculator: 'Price calculator',
    orderCta: 'Place a new order',
  },
};
const useAccountOverviewTexts = defineTexts('account-overview', texts);

export function Component() {
  const lang = useLanguage();
  const t = useAccountOverviewTexts();
  const sections = useSectionTexts();
  const { user, role } = useAuth();
  const name = user?.fullName?.trim();
  return (
    <>
      <h1>{name ? t('greeting', { name }) : t('greetingNoName')}</h1>
      <p className="lead">{t(`lead.${role}`)}</p>
      {/* Staff have no orders or invoices of their own: these would only be refused. */}
      {role === 'customer' && user?.type !== 'admin' && (
        <>
          <p>
            <Link className="button" to={path('order', lang)}>
              {t('orderCta')}
            </Link>
          </p>
          <section aria-labelledby="account-calculator-title" className="account__block account__calculator">
            <h2 id="account-calculator-title">{t('calculator')}</h2>
            <Suspense fallback={<Loading />}>
              <Calculator />
            </Suspense>
          </section>
          <OrdersWithCurrency>
            <RecentActivity headingId="account-recent-title" />
          </OrdersWithCurrency>
          <BillingSummary headingId="account-billing-title" />
        </>
      )}
      {role === 'translator' && <TranslatorSummary />}
      <SystemMessages headingId="account-messages-title" />
      <section aria-labelledby="account-shortcuts-title" className="account__block">
        <h2 id="account-shortcuts-title">{t('shortcuts')}</h2>
        <ul className="account__shortcuts">
          {menuOf(role)
            .filter((k) => k !== 'genel-bakis')
            .map((k) => (
              <li key={k}>
                <Link to={accountPath(lang, k)}>{sections(`sections.${k}`)}</Link>
              </li>
            ))}
        </ul>
      </section>
    </>
  );
}
