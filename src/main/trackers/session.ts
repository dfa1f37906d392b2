// What every tracker call goes through: the run's one retry budget, then the mapping of what failed to a typed
// TrackerError naming what was being done. A cancelled run stops before its next call.
import { ServiceError } from '../base/errors';
import { toTrackerError, TrackerError, type Failure, type TrackerName } from './errors';
import { withRetry, type RetryBudget } from './retry';

export interface TrackerSession {
  tracker: TrackerName;
  /** The site or API URL, named in messages. */
  site: string;
  /** Where the credentials come from, named when they are refused. */
  credentials: string;
  budget: RetryBudget;
  /** Reads the client's error; null when it is not a failed request. */
  failure: (err: unknown) => Failure | null;
  signal?: AbortSignal;
}

export async function step<T>(
  s: TrackerSession,
  doing: string,
  call: () => Promise<T>,
  what?: string,
): Promise<T> {
  if (s.signal?.aborted) throw new ServiceError('cancelled', `Cancelled before ${doing}.`);
  try {
    return await withRetry(s.tracker, s.budget, s.failure, call);
  } catch (err) {
    if (err instanceof TrackerError) throw err;
    const f = s.failure(err);
    if (!f) throw err;
    throw toTrackerError(f, {
      tracker: s.tracker,
      site: s.site,
      doing,
      credentials: s.credentials,
      ...(what ? { what } : {}),
    });
  }
}

/** The status of a TrackerError (404 for a deleted issue), or null. */
export function statusOf(err: unknown): number | null {
  return err instanceof TrackerError && typeof err.details?.status === 'number' ? err.details.status : null;
}
