// Typed failures of every tracker, each saying what the user can do. Each tracker's client turns its own failure
// (jira.js's HttpException, @linear/sdk's LinearError) into a Failure; this file maps a Failure to a TrackerError.
import type { ErrorCodeOf } from '../../shared/errors';
import { ServiceError } from '../base/errors';

export type TrackerErrorCode = ErrorCodeOf<'trackers'>;
export type TrackerName = 'github' | 'jira' | 'linear';

export const TRACKER_LABEL: Record<TrackerName, string> = {
  github: 'GitHub',
  jira: 'Jira',
  linear: 'Linear',
};

/** A ServiceError, so its code and details cross IPC. */
export class TrackerError extends ServiceError<TrackerErrorCode> {
  override readonly name = 'TrackerError';
}

/** What any tracker's failed request comes down to. `status` 0: nothing answered. */
export interface Failure {
  status: number;
  message: string;
  header(name: string): string | undefined;
  /** Fields the tracker refused, with its reason (Jira's `errors`, Linear's invalid-input messages). */
  fields: Record<string, string>;
  /** Linear answers rate limits as a GraphQL error of type RATELIMITED (often with status 400). */
  rateLimited?: boolean;
}

export interface FailureContext {
  tracker: TrackerName;
  /** The site or API URL. */
  site: string;
  /** What was being done, e.g. "creating the issue of story S-1". */
  doing: string;
  /** What a 404 means here, e.g. "the project PROJ". */
  what?: string;
  /** Where the credentials come from, named in a 401's message. */
  credentials: string;
}

export function toTrackerError(f: Failure, ctx: FailureContext): TrackerError {
  const name = TRACKER_LABEL[ctx.tracker];
  const details = { status: f.status, doing: ctx.doing, tracker: ctx.tracker, message: f.message };
  if (f.status === 0)
    return new TrackerError(
      'tracker_unreachable',
      `Could not reach ${name} at ${ctx.site} while ${ctx.doing} (${f.message}). Check the network and the address.`,
      details,
    );
  if (f.status === 401 || f.status === 403)
    return new TrackerError(
      'tracker_unauthorized',
      f.status === 401
        ? `${name} refused the credentials while ${ctx.doing} (401 ${f.message}). Check ${ctx.credentials}.`
        : `${name} does not allow ${ctx.doing} with these credentials (403 ${f.message}). They need permission to ` +
            'browse, create and edit issues there.',
      details,
    );
  if (f.status === 404)
    return new TrackerError(
      'tracker_not_found',
      `${name} at ${ctx.site} found nothing while ${ctx.doing} (404 ${f.message}). Check ${ctx.what ?? 'the address'}.`,
      { ...details, what: ctx.what ?? null },
    );
  const refused = Object.entries(f.fields);
  if (f.status === 400 || f.status === 422 || refused.length > 0)
    return new TrackerError(
      'tracker_refused',
      `${name} refused ${ctx.doing} (${f.status}${
        refused.length > 0 ? `: ${refused.map(([k, v]) => `field “${k}”: ${v}`).join('; ')}` : ` ${f.message}`
      }).`,
      { ...details, fields: Object.fromEntries(refused) },
    );
  return new TrackerError(
    'tracker_error',
    `${name} answered ${f.status} while ${ctx.doing}: ${f.message}.`,
    details,
  );
}
