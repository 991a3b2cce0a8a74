import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { STAFF_SECTIONS, staffPath } from '../../../config/paths.js';
import { formatIstanbulMoment, formatMoment, moneyText } from '../../../lib/format.js';
import { useLanguageName } from '../../../lib/api/get-languages.js';
import { useCommonTexts } from '../../../lib/i18n.js';
import { useLanguage } from '../../../lib/language.jsx';
import { orderStatusLabel } from '../../../lib/order-status.js';
import { OrderStatus } from '../../../components/order-status.jsx';
import { useUserNames } from '../api/customers.js';
import { assignOrder, useOrderPages } from '../api/orders.js';
import { useStaffOrdersTexts } from '../orders-texts.js';
import { useStaffTexts } from '../texts.js';
import { ActionError, useRequestOnce } from './actions.jsx';
import { ListState, MorePages, SORTS, SearchForm, SortSelect, StatusFilter, useListParams } from './list-state.jsx';
import { ExcludedList } from './revision-panel.jsx';
import { SandboxBadge } from './sandbox-badge.jsx';
import { Notice } from '../../../components/notice.jsx';
import { DataTable } from '../../../components/data-table.jsx';

// escalated is a filter of svc-orders' list (in_progress jobs nobody took in their window), not a status.
export const ORDER_STATUSES = ['awaiting_payment', 'in_progress', 'escalated', 'assigned', 'delivered', 'revision_requested', 'completed'];
export const ASSIGNABLE = ['in_progress', 'assigned'];

/**
 * useTranslatorNames names the translators of ids (a translator's id is their account's): asked
 * of svc-auth for exactly those ids, since the translators' list comes a page at a time.
 */
export function useTranslatorNames(ids, lang) {
  const name = useUserNames(ids, lang);
  return (id) => (id ? name(id) : '');
}

/**
 * CustomerLink names a customer and leads to their page in the back office once that screen
 * exists. A list passes name (from one useUserNames for all its rows); without it the link asks
 * for this one name itself. The id shows while the name is unknown.
 */
export function CustomerLink({ id, name, sections = STAFF_SECTIONS }) {
  const lang = useLanguage();
  const own = useUserNames(name === undefined && id ? [id] : [], lang);
  if (!id) return null;
  const label = name ?? own(id);
  if (!sections.includes('musteriler')) return <span data-customer-id={id}>{label}</span>;
  return (
    <Link to={staffPath(lang, 'musteriler', id)} data-customer-id={id}>
      {label}
    </Link>
  );
}

/** useWorkText words an order's work: its service, language pair and add-ons in the page's language. */
export function useWorkText() {
  const common = useCommonTexts();
  const language = useLanguageName();
  return (o, { addOns = false } = {}) => {
    const service = common(`nav.serviceNames.${o.service}`, { defaultValue: o.service });
    const pair = `${language(o.sourceLanguage)} → ${(o.targetLanguages ?? []).map(language).join(', ')}`;
    const extra = addOns && o.addOns?.length ? ` (${o.addOns.join(', ')})` : '';
    return `${service} · ${pair}${extra}`;
  };
}

/** Orders lists every order by status, searched by number or customer, newest or soonest due first, 50 a page. */
export function Orders() {
  const lang = useLanguage();
  const t = useStaffOrdersTexts();
  const [{ status, sort, q }, change] = useListParams({ status: '', sort: 'created', q: '' }, { sort: SORTS.orders });
  const { data, error, isLoading, isValidating, size, setSize, mutate } = useOrderPages(lang, { status, q, sort });
  const rows = (data ?? []).flatMap((p) => p?.orders ?? []);
  const nameOf = useTranslatorNames(rows.map((o) => o.translatorId), lang);
  const more = data?.at(-1)?.more;
  return (
    <>
      <StatusFilter statuses={ORDER_STATUSES} value={status} onChange={(v) => change({ status: v })} texts={(s) => orderStatusLabel(lang, 'staff', s)} allowAll />
      <SortSelect options={SORTS.orders} value={sort} onChange={(v) => change({ sort: v })} />
      <SearchForm label={t('orders.searchLabel')} value={q} onSearch={(q) => change({ q })} maxLength={100} />
      <ListState loading={isLoading} error={error} empty={!isLoading && !error && rows.length === 0} retry={mutate} />
      {rows.length > 0 && <OrdersTable orders={rows} nameOf={nameOf} />}
      <MorePages pages={{ size, setSize, isValidating }} more={more} testid="orders-more" />
    </>
  );
}

/** OrdersTable is a page of orders; on a phone each row is a card. */
export function OrdersTable({ orders, nameOf = (x) => x }) {
  const lang = useLanguage();
  const customerName = useUserNames(orders.map((o) => o.customerId), lang);
  const work = useWorkText();
  const t = useStaffOrdersTexts();
  const common = useStaffTexts();
  return (
    <DataTable rows="boxed">
      <thead>
        <tr>
          {['number', 'customer', 'translator', 'work', 'deadline', 'total', 'created'].map((k) => (
            <th key={k} scope="col">{t(`orders.${k}`)}</th>
          ))}
          <th scope="col">{common('common.status')}</th>
        </tr>
      </thead>
      <tbody>
        {orders.map((o) => (
          <tr key={o.id} data-order-id={o.id} data-status={o.status} data-sandbox={o.sandbox ? 'true' : undefined}>
            <td className="data-table__id" data-label={t('orders.number')}>
              <Link to={staffPath(lang, 'siparisler', o.id)}>{o.number}</Link>
              <SandboxBadge record={o} />
            </td>
            <td data-label={t('orders.customer')}>
              <CustomerLink id={o.customerId} name={customerName(o.customerId)} />
            </td>
            <td data-label={t('orders.translator')}>{o.translatorId ? nameOf(o.translatorId) : t('orders.nobody')}</td>
            <td data-label={t('orders.work')}>
              {work(o)}
            </td>
            <td data-label={t('orders.deadline')}>{o.deadline ? formatIstanbulMoment(lang, o.deadline) : '–'}</td>
            <td data-label={t('orders.total')}>{moneyText(lang, o.total)}</td>
            <td data-label={t('orders.created')}>{formatMoment(lang, o.createdAt)}</td>
            <td data-label={common('common.status')}>
              <OrderStatus order={o} role="staff" />
            </td>
          </tr>
        ))}
      </tbody>
    </DataTable>
  );
}

/**
 * AssignForm gives the order to one of the translators svc-orders says could take it now. It
 * sends the translator the page showed (from), so another staff member's assignment meanwhile
 * answers 409 instead of being silently replaced.
 */
export function AssignForm({ order, eligibility, nameOf = (x) => x, onDone, request: given }) {
  const lang = useLanguage();
  const t = useStaffOrdersTexts();
  const common = useStaffTexts();
  const id = useId();
  const [request, state] = useRequestOnce(given);
  const [chosen, setChosen] = useState('');
  const reassign = order.status === 'assigned';
  const list = eligibility?.candidates ?? [];
  const submit = (e) => {
    e.preventDefault();
    if (!chosen) return;
    request.run('assign', () => assignOrder(order.id, chosen, order.translatorId ?? '', lang)).then((result) => {
      if (!result) return;
      setChosen('');
      onDone?.(result);
    });
  };
  return (
    <section className="staff-assign" aria-labelledby={`${id}-title`} data-testid="assign">
      <h3 id={`${id}-title`}>{t(reassign ? 'orders.assign.reassignTitle' : 'orders.assign.title')}</h3>
      {eligibility && list.length === 0 ? (
        <p>{t('orders.assign.none')}</p>
      ) : (
        <form className="staff-actions" onSubmit={submit}>
          <label htmlFor={`${id}-tr`}>{t('orders.assign.label')}</label>
          <select id={`${id}-tr`} value={chosen} onChange={(e) => setChosen(e.target.value)} required>
            <option value="">{t('orders.assign.choose')}</option>
            {list.map((c) => (
              <option key={c.translatorId} value={c.translatorId}>
                {`${nameOf(c.translatorId)} (${t('orders.assign.jobs', { active: c.activeJobs, cap: c.activeJobCap })})`}
              </option>
            ))}
          </select>
          <button type="submit" className="button button--small" disabled={!chosen || !!state.busy} data-action="assign">
            {state.busy ? common('common.sending') : t(reassign ? 'orders.assign.sendReassign' : 'orders.assign.send')}
          </button>
        </form>
      )}
      <ExcludedList excluded={eligibility?.excluded} nameOf={nameOf} />
      {state.result && <Notice>{t('orders.assign.done', { name: nameOf(state.result.translatorId) })}</Notice>}
      <ActionError state={state} />
    </section>
  );
}
