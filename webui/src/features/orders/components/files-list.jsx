import { useId } from 'react';
import { Link } from 'react-router-dom';
import { accountDetailPath } from '../../../config/account-paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { ApiError } from '../../../lib/api-client.js';
import { Loading } from '../../../components/loading.jsx';
import { fileUrl, useFiles, useOrders } from '../api/orders.js';
import { formatDate, formatSize } from '../format.js';
import { useOrdersTexts } from '../texts.js';
import { FileCounts } from './file-counts.jsx';
import { EmptyState } from '../../../components/empty-state.jsx';
import { DataTable } from '../../../components/data-table.jsx';

/**
 * fileOrders maps each file id to the order it belongs to ({ id, number }), from the customer's
 * orders: their source files and their deliveries. A delivery names its order (orderId) even when
 * the order is not among those listed.
 */
export function fileOrders(orders) {
  const out = new Map();
  for (const o of orders ?? []) {
    for (const f of [...(o.files ?? []), ...(o.deliveries ?? [])]) if (f?.id) out.set(f.id, { id: o.id, number: o.number ?? '' });
  }
  return out;
}

/** FilesPage lists the customer's uploads and the translations delivered to them, newest first. */
export function FilesPage() {
  const lang = useLanguage();
  const { data: files, error } = useFiles(lang);
  const { data: orders } = useOrders(lang);
  return <FilesView files={files} error={error} orders={fileOrders(orders)} />;
}

/** FilesView is the files table; orders (fileOrders) names each file's order by its number. */
export function FilesView({ files, error, orders = new Map() }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  const id = useId();
  let body;
  if (error) body = <p className="form__error">{error instanceof ApiError && error.code ? error.message : t('orders.failed')}</p>;
  else if (!files) body = <Loading variant="list" />;
  else if (!files.length) body = <EmptyState>{t('filesPage.empty')}</EmptyState>;
  else {
    body = (
      <div className="table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <DataTable data-testid="files">
          <caption id={`${id}-caption`} className="visually-hidden">
            {t('files')}
          </caption>
          <thead>
            <tr>
              <th scope="col">{t('filesPage.name')}</th>
              <th scope="col">{t('filesPage.purpose')}</th>
              <th scope="col">{t('filesPage.counts')}</th>
              <th scope="col">{t('filesPage.size')}</th>
              <th scope="col">{t('filesPage.date')}</th>
              <th scope="col">{t('filesPage.order')}</th>
            </tr>
          </thead>
          <tbody>
            {files.map((f) => (
              <tr key={f.id} data-file-id={f.id} data-purpose={f.purpose}>
                <th scope="row">
                  <a href={fileUrl(f.id)} download={f.name} aria-label={t('order.downloadLabel', { name: f.name })}>
                    {f.name}
                  </a>
                </th>
                <td data-label={t('filesPage.purpose')}>{t(`filesPage.purposes.${f.purpose}`, { defaultValue: f.purpose })}</td>
                <td data-label={t('filesPage.counts')}>
                  <FileCounts counts={f.counts} compact />
                </td>
                <td data-label={t('filesPage.size')}>{formatSize(lang, f.size)}</td>
                <td data-label={t('filesPage.date')}>{formatDate(lang, f.uploadedAt)}</td>
                <td data-label={t('filesPage.order')}>
                  <OrderLink order={orders.get(f.id) ?? (f.orderId ? { id: f.orderId, number: '' } : null)} />
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </div>
    );
  }
  return (
    <>
      <p className="lead">{t('filesPage.lead')}</p>
      {body}
    </>
  );
}

function OrderLink({ order }) {
  const lang = useLanguage();
  const t = useOrdersTexts();
  if (!order) return '—';
  return <Link to={accountDetailPath(lang, 'order', order.id)}>{order.number || t('orders.details')}</Link>;
}
