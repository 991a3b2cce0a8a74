import './states.css';

/**
 * EmptyState is what a list or a section says when it has nothing to show: its words (children,
 * the first paragraph, so tests and screen readers read them first), an optional title and an
 * action below (a link or a button: "Order a translation", "Clear the filters"). A dashed box,
 * so an empty list is told apart from a card with content. Extra props (data-testid,
 * data-reason) go on the box.
 */
export function EmptyState({ title, children, action, testid, className, ...rest }) {
  return (
    <div className={['empty-state', className].filter(Boolean).join(' ')} data-testid={testid} {...rest}>
      {title && <p className="empty-state__title">{title}</p>}
      {typeof children === 'string' ? <p>{children}</p> : children}
      {action && <div className="empty-state__action">{action}</div>}
    </div>
  );
}
