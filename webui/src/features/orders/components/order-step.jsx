/** OrderStep is one numbered part of the order wizard, labelled by its heading. */
export function OrderStep({ id, number, title, children }) {
  return (
    <section className="order-step" aria-labelledby={id}>
      <h2 id={id}>
        <span className="order-step__number" aria-hidden="true">
          {number}
        </span>
        {title}
      </h2>
      {children}
    </section>
  );
}
