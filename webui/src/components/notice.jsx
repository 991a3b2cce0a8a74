import './states.css';

/**
 * Notice is the inline message of an action: saved or done (tone success: role status, read
 * out politely), failed (tone error: role alert, read out at once) or a plain information
 * (tone info: role status). It keeps the form classes the site's tests read (form__note,
 * form__error). children are the words; title is an optional first line in bold; testid and
 * other props go on the box.
 */
export function Notice({ tone = 'success', title, children, testid, className, ...rest }) {
  if (!children && !title) return null;
  const error = tone === 'error';
  const classes = ['notice-inline', `notice-inline--${tone}`, error ? 'form__error' : 'form__note', className].filter(Boolean).join(' ');
  const Box = title ? 'div' : 'p';
  return (
    <Box className={classes} role={error ? 'alert' : 'status'} data-testid={testid} data-tone={tone} {...rest}>
      {title ? (
        <>
          <strong className="notice-inline__title">{title}</strong>
          {typeof children === 'string' ? <span>{children}</span> : children}
        </>
      ) : (
        children
      )}
    </Box>
  );
}
