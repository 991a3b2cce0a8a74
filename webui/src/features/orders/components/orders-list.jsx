import { useId } from 'react';
import { Link } from 'react-router-dom';
import { accountDetailPath } from '../../../config/account-paths.js';
import { accountPath, path } from '../../../config/paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { ApiError } from '../../../lib/api-client.js';
import { Loading } from '../../../components/loading.jsx';
import { useOrders, useQuotes } from '../api/orders.js';
import { formatDate } from '../format.js';
import { quoteStatus, sortQuotes } from '../status.js';
import { useOrdersTexts } from '../texts.js';
import { QuoteActions, useWorkSummary } from './quote-card.jsx';
import { OrderStatus, StatusBadge } from './status-badge.jsx';
import { EmptyState } from '../../../components/empty-state.jsx';
import { DataTable } from '../../../components/data-table.jsx';

function LoadFailed({ error }) {
  const t = useOrdersTexts();
  return <p className="form__error">{error instanceof ApiError && error.code ? error.message : t('orders.failed')}</p>;
}

/**
 * QuotesList lists the customer's quotes, those waiting for a decision first with Approve and
 * Reject beside them; limit shortens it (the overview).
 */
export function QuotesList({ limit }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  const work = useWorkSummary();
  const { data: quotes, error } = useQuotes(lang);
  if (error) return <LoadFailed error={error} />;
  if (!quotes) return <Loading variant="list" />;
  if (!quotes.length) return <EmptyState testid="quotes-empty">{t('orders.noQuotes')}</EmptyState>;
  const shown = sortQuotes(quotes).slice(0, limit ?? quotes.length);
  return (
    <ul className="quote-rows" data-testid="quotes">
      {shown.map((q) => {
        const status = quoteStatus(q);
        return (
          <li key={q.id} className="quote-row" data-quote-id={q.id} data-status={status}>
            <div className="quote-row__head">
              <Link to={accountDetailPath(lang, 'quote', q.id)} className="quote-row__number">
                {q.number}
              </Link>
              <StatusBadge kind="quote" status={status} />
              <span className="quote-row__total">{q.total?.formatted}</span>
            </div>
            <p className="quote-row__meta">
              {work.service(q.service)} · {work.languages(q)} ·{' '}
              {status === 'pending' ? t('orders.validUntil', { date: formatDate(lang, q.expiresAt) }) : formatDate(lang, q.createdAt)}
            </p>
            {!limit && status === 'pending' && <QuoteActions quote={q} compact />}
          </li>
        );
      })}
    </ul>
  );
}

/** OrdersTable lists the customer's orders with spec §4's state and the detailed one; limit shortens it. */
export function OrdersTable({ limit }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  const id = useId();
  const work = useWorkSummary();
  const { data: orders, error } = useOrders(lang);
  if (error) return <LoadFailed error={error} />;
  if (!orders) return <Loading variant="list" />;
  if (!orders.length) return <EmptyState testid="orders-empty">{t('orders.noOrders')}</EmptyState>;
  return (
    <div className="table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
      <DataTable data-testid="orders">
        <caption id={`${id}-caption`} className="visually-hidden">
          {t('orders.ordersTitle')}
        </caption>
        <thead>
          <tr>
            <th scope="col">{t('orders.number')}</th>
            <th scope="col">{t('orders.service')}</th>
            <th scope="col">{t('orders.languages')}</th>
            <th scope="col">{t('orders.total')}</th>
            <th scope="col">{t('orders.status')}</th>
            <th scope="col">{t('orders.date')}</th>
          </tr>
        </thead>
        <tbody>
          {orders.slice(0, limit ?? orders.length).map((o) => (
            <tr key={o.id} data-order-id={o.id} data-status={o.status}>
              <th scope="row" className="data-table__id">
                <Link to={accountDetailPath(lang, 'order', o.id)}>{o.number}</Link>
              </th>
              <td data-label={t('orders.service')}>{work.service(o.service)}</td>
              <td data-label={t('orders.languages')}>{work.languages(o)}</td>
              <td data-label={t('orders.total')}>{o.total?.formatted}</td>
              <td data-label={t('orders.status')}>
                <OrderStatus order={o} />
              </td>
              <td data-label={t('orders.date')}>{formatDate(lang, o.createdAt)}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </div>
  );
}

/** OrdersPage is the orders section: quotes to decide on, then orders. */
export function OrdersPage() {
  const lang = useLanguage();
  const t = useOrdersTexts();
  return (
    <>
      <p className="lead">{t('orders.lead')}</p>
      <p>
        <Link className="button" to={path('order', lang)}>
          {t('orders.newOrder')}
        </Link>
      </p>
      <section aria-labelledby="orders-quotes-title" className="account__block">
        <h2 id="orders-quotes-title">{t('orders.quotesTitle')}</h2>
        <QuotesList />
      </section>
      <section aria-labelledby="orders-orders-title" className="account__block">
        <h2 id="orders-orders-title">{t('orders.ordersTitle')}</h2>
        <OrdersTable />
      </section>
    </>
  );
}

/** RecentActivity is the overview's short list of the latest quotes and orders. */
export function RecentActivity({ headingId }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  return (
    <section aria-labelledby={headingId} className="account__block">
      <h2 id={headingId}>{t('overview.recent')}</h2>
      <h3>{t('overview.recentQuotes')}</h3>
      <QuotesList limit={3} />
      <h3 className="recent__orders">{t('overview.recentOrders')}</h3>
      <OrdersTable limit={3} />
      <p>
        <Link to={accountPath(lang, 'siparislerim')}>{t('overview.all')}</Link>
      </p>
    </section>
  );
}
