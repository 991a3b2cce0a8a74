import { Link } from 'react-router-dom';
import { STAFF_SECTIONS, staffPath } from '../../../config/paths.js';
import { formatMoment, moneyText } from '../../../lib/format.js';
import { useLanguage } from '../../../lib/language.jsx';
import { OrderStatus } from '../../../components/order-status.jsx';
import { useCustomer, useCustomerOrders, useCustomerPages } from '../api/customers.js';
import { useInvoicePages } from '../api/money.js';
import { useMoneyTexts } from '../money-texts.js';
import { AuditLink } from './audit-link.jsx';
import { BalancePanel } from './balances.jsx';
import { EFaturaPanel } from './e-fatura-panel.jsx';
import { InvoicesTable } from './invoices.jsx';
import { ListState, MorePages, SORTS, SearchForm, SortSelect, useListParams } from './list-state.jsx';
import { SandboxBadge } from './sandbox-badge.jsx';
import { EmptyState } from '../../../components/empty-state.jsx';
import { DataTable } from '../../../components/data-table.jsx';

/** Customers is the customer accounts, newest or oldest first, searched by name or e-mail (svc-auth admin/customers). */
export function Customers() {
  const lang = useLanguage();
  const t = useMoneyTexts();
  const [{ q, sort }, change] = useListParams({ q: '', sort: 'newest' }, { sort: SORTS.default });
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useCustomerPages(lang, { q, sort });
  const rows = (data ?? []).flatMap((p) => p?.customers ?? []);
  const more = data?.at(-1)?.more;
  return (
    <>
      <SortSelect value={sort} onChange={(v) => change({ sort: v })} />
      <SearchForm label={t('customers.searchLabel')} value={q} onSearch={(v) => change({ q: v })} maxLength={40} />
      <ListState loading={isLoading && !rows.length} error={error} empty={!isLoading && !error && rows.length === 0} retry={mutate} />
      {rows.length > 0 && <CustomersTable customers={rows} />}
      <MorePages pages={{ size, setSize, isValidating }} more={more} testid="customers-more" />
    </>
  );
}

/** CustomersTable lists customers, each name leading to their page. */
export function CustomersTable({ customers }) {
  const lang = useLanguage();
  const t = useMoneyTexts();
  return (
    <DataTable rows="boxed">
      <thead>
        <tr>
          {['name', 'email', 'company', 'created'].map((k) => (
            <th key={k} scope="col">{t(`customers.${k}`)}</th>
          ))}
        </tr>
      </thead>
      <tbody>
        {customers.map((c) => (
          <tr key={c.id} data-customer-id={c.id}>
            <td data-label={t('customers.name')}>
              <Link to={staffPath(lang, 'musteriler', c.id)}>{c.fullName || c.id}</Link>
            </td>
            <td data-label={t('customers.email')}>{c.email}</td>
            <td data-label={t('customers.company')}>{c.companyName}</td>
            <td data-label={t('customers.created')}>{formatMoment(lang, c.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** CustomerProfile is what the customer filled in and how they sign in; svc-auth sends no secret to show. */
export function CustomerProfile({ customer }) {
  const lang = useLanguage();
  const t = useMoneyTexts();
  const row = (label, value) => (
    <>
      <dt>{t(`customers.${label}`)}</dt>
      <dd>{value || '–'}</dd>
    </>
  );
  return (
    <dl className="staff-facts" data-customer-id={customer.id}>
      {row('name', customer.fullName)}
      {row('email', customer.email)}
      {row('phone', customer.phone)}
      {row('company', customer.companyName)}
      {row('address', customer.address)}
      {row('language', customer.language && t(`customers.languages.${customer.language}`, { defaultValue: customer.language }))}
      {row('created', formatMoment(lang, customer.createdAt))}
      {row('providers', customer.providers?.length ? customer.providers.join(', ') : t('customers.noProviders'))}
      {row('verified', t(customer.emailVerified ? 'customers.yes' : 'customers.no'))}
    </dl>
  );
}

/** CustomerOrders is the first page of the customer's orders (svc-orders admin/orders?customer=). */
export function CustomerOrders({ id }) {
  const lang = useLanguage();
  const { data, error, isLoading } = useCustomerOrders(id, lang);
  return <CustomerOrdersList data={data} error={error} isLoading={isLoading} />;
}

/** CustomerOrdersList shows the orders, or a clear state when svc-orders cannot give them (its staff list missing or down). */
export function CustomerOrdersList({ data, error, isLoading, sections = STAFF_SECTIONS }) {
  const lang = useLanguage();
  const t = useMoneyTexts();
  if (error) return <p className="staff-state" role="status" data-testid="orders-missing">{t('customers.ordersMissing')}</p>;
  if (isLoading && !data) return <ListState loading />;
  const orders = data?.orders ?? [];
  if (!orders.length) return <EmptyState className="staff-state">{t('customers.none')}</EmptyState>;
  return (
    <DataTable rows="boxed">
      <thead>
        <tr>
          <th scope="col">{t('invoices.order')}</th>
          <th scope="col">{t('customers.orderStatus')}</th>
          <th scope="col">{t('customers.orderTotal')}</th>
          <th scope="col">{t('customers.created')}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id} data-order-id={o.id} data-sandbox={o.sandbox ? 'true' : undefined}>
            <td className="data-table__id" data-label={t('invoices.order')}>
              {sections.includes('siparisler') ? <Link to={staffPath(lang, 'siparisler', o.id)}>{o.number || o.id}</Link> : o.number || o.id}
              <SandboxBadge record={o} />
            </td>
            <td data-label={t('customers.orderStatus')}>
              <OrderStatus order={o} role="staff" />
            </td>
            <td data-label={t('customers.orderTotal')}>{moneyText(lang, o.total)}</td>
            <td data-label={t('customers.created')}>{formatMoment(lang, o.createdAt)}</td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/** CustomerInvoices is the customer's invoices, newest first, 50 a page. */
export function CustomerInvoices({ id }) {
  const lang = useLanguage();
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useInvoicePages(lang, { customer: id });
  const rows = (data ?? []).flatMap((p) => p?.invoices ?? []);
  return (
    <>
      <ListState loading={isLoading && !rows.length} error={error} empty={!isLoading && !error && rows.length === 0} retry={mutate} />
      {rows.length > 0 && <InvoicesTable invoices={rows} showCustomer={false} />}
      <MorePages pages={{ size, setSize, isValidating }} more={data?.at(-1)?.more} />
    </>
  );
}

/** CustomerDetail is one customer: profile, orders, invoices and balance. */
export function CustomerDetail({ id }) {
  const lang = useLanguage();
  const t = useMoneyTexts();
  const { data, error, isLoading, mutate } = useCustomer(id, lang);
  return (
    <>
      <p>
        <Link to={staffPath(lang, 'musteriler')}>← {t('common.back')}</Link>
      </p>
      <ListState loading={isLoading && !data} error={error} retry={mutate} variant="detail" />
      {data && (
        <>
          <h2>{t('customers.profile')}</h2>
          <CustomerProfile customer={data} />
          <p>
            {/* Staff change a customer's money (balance adjustments) in svc-billing; svc-auth keeps no staff changes of an account. */}
            <AuditLink area="billing" kind="balance" id={id} />
          </p>
          <h2>{t('customers.orders')}</h2>
          <CustomerOrders id={id} />
          <h2>{t('customers.invoices')}</h2>
          <CustomerInvoices id={id} />
          <BalancePanel customerId={id} />
          <EFaturaPanel customerId={id} />
        </>
      )}
    </>
  );
}
