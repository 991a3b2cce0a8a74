// The price calculator's inputs (spec §3: service type, source language, target language, word
// count, urgency) and what the first render needs. Kept small and free of the estimator, which
// loads after hydration, so the prerendered page does not depend on fetched data.

export const DEFAULT_SERVICE = 'professional-translation';
export const DEFAULT_QUANTITY = '1000';

// Normal (3-5 days) or Urgent (1-2 days), spec §9.
export const URGENCIES = ['normal', 'urgent'];

// The default service's unit in svc-orders' price list, so the prerendered quantity label reads
// "word count" before the price list has been fetched.
const DEFAULT_UNIT = 'word';

/** initialValues: professional translation of 1000 words, from the page's language to the other one. */
export function initialValues(lang) {
  const english = lang === 'en';
  return { service: DEFAULT_SERVICE, source: english ? 'en' : 'tr', target: english ? 'tr' : 'en', quantity: DEFAULT_QUANTITY, urgency: 'normal' };
}

/**
 * expectedDay is the day the estimate expects work of urgency delivered ("2026-12-04"): its day for
 * each urgency, or its own day for the urgency it was asked for; undefined before an answer.
 */
export function expectedDay(estimate, urgency) {
  return estimate?.expectedDates?.[urgency] ?? (estimate?.urgency === urgency ? estimate.expectedDate : undefined);
}

/**
 * unitOf is what service is priced by: the price list's word, page or minute once it has been
 * fetched, else the unit of an estimate for that service, else (first render) the default's.
 */
export function unitOf(service, units, estimate) {
  if (units?.[service]) return units[service];
  if (estimate?.service === service && estimate.unit) return estimate.unit;
  return service === DEFAULT_SERVICE ? DEFAULT_UNIT : undefined;
}

