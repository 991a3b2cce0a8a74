import './table.css';

/**
 * DataTable is the site's one table (orders, files, invoices, ledgers, every back-office list):
 * figures right-aligned in tabular digits (data-table__amount on a cell), and on a phone every
 * row stacked, each cell after its column's name (data-label). rows says how a stacked row is
 * drawn: "lines" (a rule between rows: short rows of facts) or "boxed" (each row its own
 * bordered card, the name above the value: long rows that end in actions, the back office's).
 */
export function DataTable({ rows = 'lines', className, children, ...rest }) {
  const names = ['data-table', 'data-table--cards', rows === 'boxed' && 'data-table--boxed', className];
  return (
    <table className={names.filter(Boolean).join(' ')} {...rest}>
      {children}
    </table>
  );
}
