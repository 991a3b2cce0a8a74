// Claiming a job from the pool: a second click (or a double click) while the first claim is on
// its way sends nothing and hears the same outcome; someone else having taken the job is an
// outcome of its own, so the page can say so and refresh the pool.
import { ApiError } from '../../lib/api-client.js';

/**
 * createClaimer returns claim(jobId) → Promise<{ outcome: 'claimed' | 'taken' | 'failed', order?,
 * error? }> calling send(jobId) at most once at a time per job.
 */
export function createClaimer(send) {
  const pending = new Map();
  return function claim(jobId) {
    if (pending.has(jobId)) return pending.get(jobId);
    const result = Promise.resolve()
      .then(() => send(jobId))
      .then(
        (order) => ({ outcome: 'claimed', order }),
        (error) => ({ outcome: error instanceof ApiError && error.status === 409 && error.code === 'already_taken' ? 'taken' : 'failed', error }),
      )
      .finally(() => pending.delete(jobId));
    pending.set(jobId, result);
    return result;
  };
}
