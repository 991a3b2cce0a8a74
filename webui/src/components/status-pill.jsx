import './status-pill.css';

/**
 * STATUS_TONES is the one table of how a state is coloured, per domain: wait (amber: someone
 * has to act), ok (green: done, paid, confirmed), bad (red: refused, refunded, expired), muted
 * (grey: closed, over) and neutral (anything this page does not know yet, drawn plainly rather
 * than hidden). Orders are coloured by spec §4's coarse state (in progress until completed).
 */
export const STATUS_TONES = {
  order: { in_progress: 'wait', completed: 'ok' },
  quote: { pending: 'wait', approved: 'ok', rejected: 'bad', expired: 'bad', cancelled: 'muted' },
  invoice: { pending: 'wait', paid: 'ok', refunded: 'bad', cancelled: 'muted' },
  transfer: { declared: 'wait', pending: 'wait', confirmed: 'ok', rejected: 'bad' },
  payout: { requested: 'wait', paid: 'ok', rejected: 'bad' },
  ticket: { open: 'wait', answered: 'ok', closed: 'muted' },
  application: { submitted: 'wait', pending: 'wait', approved: 'ok', rejected: 'bad' },
  inquiry: { open: 'wait', handled: 'ok' },
  chat: { open: 'wait', closed: 'muted' },
  post: { draft: 'muted', published: 'ok' },
  vacation: { upcoming: 'neutral', running: 'wait', over: 'muted' },
  privacy: { unverified: 'muted', open: 'wait', ready: 'ok', delivered: 'ok', completed: 'ok' },
};

export const TONES = ['wait', 'ok', 'bad', 'muted', 'neutral'];

/** statusTone is the tone of status in domain (STATUS_TONES), neutral when either is unknown. */
export function statusTone(domain, status) {
  return STATUS_TONES[domain]?.[status] ?? 'neutral';
}

/**
 * StatusPill is every list's and page's state badge: label in the reader's words, coloured by
 * tone (given) or by the domain's table. The span keeps the classes and data attributes lists,
 * tests and filters read (status, status--<domain>, status--<status>, data-status, data-kind).
 * className adds a caller's own class (a list's layout hook), never a colour.
 */
export function StatusPill({ domain, status, label, tone, className, testid, ...rest }) {
  const t = tone ?? statusTone(domain, status);
  const classes = ['status', domain && `status--${domain}`, status && `status--${status}`, 'status-pill', `status-pill--${t}`, className].filter(Boolean).join(' ');
  return (
    <span className={classes} data-kind={domain} data-tone={t} data-testid={testid} data-status={status} {...rest}>
      {label ?? status}
    </span>
  );
}
