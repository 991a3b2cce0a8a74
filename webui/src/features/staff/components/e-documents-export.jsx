import { useId, useState } from 'react';
import { eDocumentsZipUrl } from '../api/money.js';
import { useMoneyTexts } from '../money-texts.js';

// The longest period svc-billing exports at once (admin/e-documents.zip): a quarter.
const MAX_DAYS = 92;

/** lastMonth is the first and last day of the month before today (YYYY-MM-DD): what an accountant asks for. */
export function lastMonth(today) {
  const [y, m] = today.split('-').map(Number);
  const first = new Date(Date.UTC(y, m - 2, 1));
  const last = new Date(Date.UTC(y, m - 1, 0));
  return { from: first.toISOString().slice(0, 10), to: last.toISOString().slice(0, 10) };
}

/** periodProblem says why a period cannot be exported ('order' or 'tooLong'), or '' when it can. */
export function periodProblem(from, to) {
  if (!from || !to) return 'missing';
  const days = (Date.parse(to) - Date.parse(from)) / 86_400_000 + 1;
  if (days < 1) return 'order';
  return days > MAX_DAYS ? 'tooLong' : '';
}

/**
 * EDocumentsExport downloads a period's e-Arşiv documents for the accountant: every invoice
 * issued and return document made in those days, as one ZIP with an index. It starts at the
 * month before today (YYYY-MM-DD in Turkey).
 */
export function EDocumentsExport({ today }) {
  const t = useMoneyTexts();
  const id = useId();
  const [period, setPeriod] = useState(() => lastMonth(today));
  const problem = periodProblem(period.from, period.to);
  return (
    <fieldset className="staff-period" data-testid="e-documents-export">
      <legend>{t('invoices.export.title')}</legend>
      <span className="staff-period__day">
        <label htmlFor={`${id}-from`}>{t('invoices.period.from')}</label>
        <input id={`${id}-from`} type="date" value={period.from} onChange={(e) => setPeriod({ ...period, from: e.target.value })} />
      </span>
      <span className="staff-period__day">
        <label htmlFor={`${id}-to`}>{t('invoices.period.to')}</label>
        <input id={`${id}-to`} type="date" value={period.to} onChange={(e) => setPeriod({ ...period, to: e.target.value })} aria-describedby={`${id}-hint`} />
      </span>
      {problem ? (
        <span className="button button--small button--ghost" aria-disabled="true" data-testid="e-documents-zip">
          {t('invoices.export.download')}
        </span>
      ) : (
        <a href={eDocumentsZipUrl(period.from, period.to)} download className="button button--small button--ghost" data-testid="e-documents-zip">
          {t('invoices.export.download')}
        </a>
      )}
      <p id={`${id}-hint`} className={problem ? 'field__error' : 'field__hint'} role={problem ? 'alert' : undefined}>
        {t(problem ? `invoices.export.${problem}` : 'invoices.export.hint')}
      </p>
    </fieldset>
  );
}
