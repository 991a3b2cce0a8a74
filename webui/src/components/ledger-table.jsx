import { useLanguage } from '../lib/language.jsx';
import { formatMoney, moneyText } from '../lib/format.js';
import { EmptyState } from './empty-state.jsx';
import { DataTable } from './data-table.jsx';
import { useCommonTexts } from '../lib/i18n.js';

/**
 * ledgerTotals sums the credits and the debits of entries per currency, in integer minor units
 * (never floats): [{ currency, decimals, credits, debits }] in the order the currencies first
 * appear. An entry without a usable amount is left out rather than counted as zero.
 */
export function ledgerTotals(entries) {
  const by = new Map();
  for (const e of entries ?? []) {
    const m = e?.amount;
    if (!m?.currency || !Number.isInteger(m.amount)) continue;
    const row = by.get(m.currency) ?? { currency: m.currency, decimals: m.decimals, credits: 0, debits: 0 };
    if (e.kind === 'debit') row.debits += m.amount;
    else row.credits += m.amount;
    by.set(m.currency, row);
  }
  return [...by.values()];
}

/** signedMoney is a ledger amount with its direction: "+10,00 ₺" for a credit, "−10,00 ₺" for a debit. */
export const signedMoney = (lang, e) => `${e.kind === 'debit' ? '−' : '+'}${moneyText(lang, e.amount)}`;

/**
 * LedgerTable is the one ledger of the site: the customer's balance (billing) and the
 * translator's earnings use it. Each row is an entry (data-entry-id, data-kind, data-reason for
 * lists and tests), newest first as the server sends them: the date, the caller's columns
 * ([{ key, label, cell(entry), className }]: kind, reason, reference…), the signed amount and the
 * balance after it. On a phone the rows become cards, each cell under its column's name.
 * totals adds a footer with the credits and debits of the entries shown; more, onOlder and
 * loadingOlder are the button loading the next older page; empty is the words when there are
 * no entries. dateCell draws an entry's date (each feature keeps its own date format).
 */
export function LedgerTable({ entries, columns, labels, dateCell, labelledBy, testid, totals = false, empty, more = false, onOlder, loadingOlder = false, olderLabel, loadingOlderLabel, olderTestid }) {
  const lang = useLanguage();
  const t = useCommonTexts();
  if (!entries.length) return <EmptyState>{empty}</EmptyState>;
  const sums = totals ? ledgerTotals(entries) : [];
  return (
    <>
      <div className="table-scroll ledger-table" role="region" aria-labelledby={labelledBy} tabIndex={0}>
        <DataTable data-testid={testid}>
          <thead>
            <tr>
              <th scope="col">{labels.date}</th>
              {columns.map((c) => (
                <th key={c.key} scope="col">
                  {c.label}
                </th>
              ))}
              <th scope="col" className="data-table__amount">
                {labels.amount}
              </th>
              <th scope="col" className="data-table__amount">
                {labels.balanceAfter}
              </th>
            </tr>
          </thead>
          <tbody>
            {entries.map((e) => (
              <tr key={e.id} data-entry-id={e.id} data-reason={e.reason} data-kind={e.kind}>
                <td data-label={labels.date}>
                  <time dateTime={e.at}>{dateCell(e.at)}</time>
                </td>
                {columns.map((c) => (
                  <td key={c.key} data-label={c.label} className={c.className}>
                    {c.cell(e)}
                  </td>
                ))}
                <td data-label={labels.amount} className={`data-table__amount ledger-table__amount--${e.kind}`}>
                  {signedMoney(lang, e)}
                </td>
                <td data-label={labels.balanceAfter} className="data-table__amount">
                  {moneyText(lang, e.balanceAfter)}
                </td>
              </tr>
            ))}
          </tbody>
          {sums.length > 0 && (
            <tfoot>
              {sums.flatMap((s) => {
                const digits = Number.isInteger(s.decimals) ? s.decimals : undefined;
                // A side with nothing on it (no payout yet) is left out rather than shown as −0.
                return [
                  ['credits', s.credits, '+'],
                  ['debits', s.debits, '−'],
                ]
                  .filter(([, minor]) => minor > 0)
                  .map(([sum, minor, sign]) => (
                  <tr key={`${s.currency}-${sum}`} data-total={s.currency} data-sum={sum}>
                    <th scope="row" colSpan={columns.length + 1}>
                      {t(`ui.ledger.${sum}`)}
                    </th>
                    <td className={`data-table__amount${sum === 'credits' ? ' ledger-table__amount--credit' : ''}`}>{`${sign}${formatMoney(minor, s.currency, lang, digits)}`}</td>
                    <td />
                  </tr>
                ));
              })}
            </tfoot>
          )}
        </DataTable>
      </div>
      {more && (
        <p className="ledger-table__more">
          <button type="button" className="button button--ghost button--small" onClick={onOlder} disabled={loadingOlder} data-testid={olderTestid}>
            {loadingOlder ? loadingOlderLabel : olderLabel}
          </button>
        </p>
      )}
    </>
  );
}
