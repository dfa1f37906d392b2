// Typed failures of the GitHub export, each saying what the user can do. Octokit's RequestError (status, response
// headers and body) is mapped here, in one place.
// The codes are the github family of the shared list (src/shared/errors.ts).
import type { ErrorCodeOf } from '../../shared/errors';
import { ServiceError } from '../base/errors';

export type GithubErrorCode = Exclude<ErrorCodeOf<'github'>, 'store_unreadable'>;

/** A ServiceError, so its code and details cross IPC (see toIpcError). */
export class GithubError extends ServiceError<GithubErrorCode> {
  override readonly name = 'GithubError';
}

/** The parts of Octokit's RequestError this module reads (typed structurally: no import of the ESM-only class). */
export interface HttpFailure {
  status: number;
  message: string;
  response?: { headers: Record<string, string | number | undefined>; data?: unknown };
}

export function isHttpFailure(err: unknown): err is HttpFailure {
  return err instanceof Error && typeof (err as Partial<HttpFailure>).status === 'number';
}

interface ValidationItem {
  resource?: string;
  field?: string;
  code?: string;
  message?: string;
}

function apiMessage(err: HttpFailure): string {
  const data = err.response?.data as { message?: unknown } | undefined;
  return typeof data?.message === 'string' ? data.message : err.message;
}

function validationItems(err: HttpFailure): ValidationItem[] {
  const errors = (err.response?.data as { errors?: unknown } | undefined)?.errors;
  return Array.isArray(errors)
    ? errors.filter((e): e is ValidationItem => typeof e === 'object' && e !== null)
    : [];
}

export interface FailureContext {
  /** OWNER/NAME */
  repo: string;
  apiUrl: string;
  /** What was being done, e.g. "creating the issue of story S-1". */
  doing: string;
}

/** Maps an HTTP failure (already past the rate-limit handling) or a network error to a GithubError. */
export function toGithubError(err: unknown, ctx: FailureContext): GithubError {
  if (err instanceof GithubError) return err;
  if (!isHttpFailure(err) || err.status === 0) {
    const cause =
      err instanceof Error ? ((err.cause as Error | undefined)?.message ?? err.message) : String(err);
    return new GithubError(
      'github_unreachable',
      `Could not reach GitHub at ${ctx.apiUrl} while ${ctx.doing} (${cause}). Check the network, or --api-url for GitHub Enterprise.`,
    );
  }
  const said = apiMessage(err);
  const details = { status: err.status, doing: ctx.doing, message: said };
  switch (err.status) {
    case 401:
      return new GithubError(
        'github_unauthorized',
        `GitHub refused the token (401 ${said}). Set GITHUB_TOKEN to a valid token with access to ${ctx.repo}'s issues, or run \`gh auth login\`.`,
        details,
      );
    case 403:
      return new GithubError(
        'github_forbidden',
        `GitHub refused ${ctx.doing} (403 ${said}). The token needs write access to the issues of ${ctx.repo} (classic: repo scope; fine-grained: Issues read and write).`,
        details,
      );
    case 404:
      return new GithubError(
        'github_not_found',
        `GitHub found nothing while ${ctx.doing} (404 ${said}).`,
        details,
      );
    case 410:
      return new GithubError(
        'github_issues_disabled',
        `Issues are turned off for ${ctx.repo} (410 ${said}). Turn them on in the repository's settings.`,
        details,
      );
    case 422: {
      const items = validationItems(err);
      const listed = items
        .map((i) => [i.resource, i.field].filter(Boolean).join('.') + `: ${i.message ?? i.code ?? 'invalid'}`)
        .join('; ');
      return new GithubError(
        'github_validation',
        `GitHub rejected ${ctx.doing} as invalid (422 ${said}${listed ? `: ${listed}` : ''}).`,
        { ...details, errors: items },
      );
    }
    default:
      return new GithubError(
        'github_error',
        `GitHub answered ${err.status} while ${ctx.doing}: ${said}.`,
        details,
      );
  }
}
