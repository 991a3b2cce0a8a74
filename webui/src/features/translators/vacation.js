// Where a translator stands with vacations: on one now, one coming, or neither, from the
// periods svc-translators lists (API.md: each period's status is upcoming, running or over).

/**
 * vacationStatus is { state: 'on' | 'upcoming' | 'off', current, next }: the running period,
 * the nearest upcoming one. onVacation is the server's word and wins over the periods.
 */
export function vacationStatus({ vacations = [], onVacation } = {}) {
  const current = vacations.find((v) => v.status === 'running') ?? null;
  const next = vacations.filter((v) => v.status === 'upcoming').sort((a, b) => a.start.localeCompare(b.start))[0] ?? null;
  const on = onVacation ?? !!current;
  return { state: on ? 'on' : next ? 'upcoming' : 'off', current, next };
}

/** todayInTurkey is the calendar day in Turkey (the days of a period are Turkey's), YYYY-MM-DD. */
export const todayInTurkey = (now = new Date()) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Istanbul' }).format(now);

/** validateVacation checks a new period before it is sent: { field: { code } }. */
export function validateVacation({ start, end, note }, today = todayInTurkey()) {
  const out = {};
  if (!start) out.start = { code: 'required' };
  if (!end) out.end = { code: 'required' };
  if (start && end && end < start) out.end = { code: 'endBeforeStart' };
  else if (end && end < today) out.end = { code: 'over' };
  else if (start && end) {
    const days = (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000 + 1;
    if (days > 90) out.end = { code: 'tooLongVacation', max: 90 };
  }
  if ([...(note ?? '')].length > 500) out.note = { code: 'tooLong', max: 500 };
  return out;
}
