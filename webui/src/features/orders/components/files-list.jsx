import { useId } from 'react';
import { Link } from 'react-router';
import { accountDetailPath } from '../../../config/account-paths.js';
import { useLanguage } from '../../../lib/language.jsx';
import { ApiError } from '../../../lib/api-client.js';
import { Loading } from '../../../components/loading.jsx';
import { fileUrl, useFiles } from '../api/orders.js';
import { formatDate, formatSize } from '../format.js';
import { useOrdersTexts } from '../texts.js';
import { FileCounts } from './file-counts.jsx';

/** FilesPage lists the customer's uploads and the translations delivered to them, newest first. */
export function FilesPage() {
  const lang = useLanguage();
  const t = useOrdersTexts();
  const id = useId();
  const { data: files, error } = useFiles(lang);
  let body;
  if (error) body = <p className="form__error">{error instanceof ApiError && error.code ? error.message : t('orders.failed')}</p>;
  else if (!files) body = <Loading />;
  else if (!files.length) body = <p>{t('filesPage.empty')}</p>;
  else {
    body = (
      <div className="table-scroll" role="region" aria-labelledby={`${id}-caption`} tabIndex={0}>
        <table className="data-table" data-testid="files">
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
                <td>{t(`filesPage.purposes.${f.purpose}`, { defaultValue: f.purpose })}</td>
                <td>
                  <FileCounts counts={f.counts} compact />
                </td>
                <td>{formatSize(lang, f.size)}</td>
                <td>{formatDate(lang, f.uploadedAt)}</td>
                <td>{f.orderId ? <Link to={accountDetailPath(lang, 'order', f.orderId)}>{t('orders.details')}</Link> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </table>
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
