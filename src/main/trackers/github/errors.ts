// The one GitHub failure that is not an answer of GitHub's: no token to send. Failed requests become the trackers'
// typed errors (../errors.ts) through githubFailure in client.ts.
import type { ErrorCodeOf } from '../../../shared/errors';
import { ServiceError } from '../../base/errors';

export type GithubErrorCode = Exclude<ErrorCodeOf<'github'>, 'store_unreadable'>;

/** A ServiceError, so its code and details cross IPC (see toIpcError). */
export class GithubError extends ServiceError<GithubErrorCode> {
  override readonly name = 'GithubError';
}
