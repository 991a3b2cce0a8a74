/** SummaryItem is one term and its value in a quote's or an order's summary list (<dl>). */
export function SummaryItem({ label, children }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
