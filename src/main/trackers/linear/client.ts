// The official Linear client (@linear/sdk, loaded when first used), sending Puffin's own small GraphQL documents
// through its GraphQL client (auth, error parsing, rate-limit headers), and how its failures read: a LinearError
// with a type (RATELIMITED, authentication, forbidden, invalid input), the HTTP status and the raw answer.
import type { LinearClient } from '@linear/sdk';
import type { Failure } from '../errors';

export const LINEAR_API_URL = 'https://api.linear.app/graphql';

export type { LinearClient };

export async function createLinearClient(apiKey: string, apiUrl: string): Promise<LinearClient> {
  const { LinearClient } = await import('@linear/sdk');
  return new LinearClient({ apiKey, apiUrl });
}

/** Sends one document; the answer's `data`. */
export async function gql<T>(
  client: LinearClient,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const r = await client.client.rawRequest<T, Record<string, unknown>>(query, variables);
  return r.data as T;
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null;

/** Linear's GraphQL errors as sent: message, extensions {type, code, userPresentableMessage, validationErrors}. */
function rawErrors(err: Loose): Loose[] {
  const raw = isObject(err.raw) && isObject(err.raw.response) ? err.raw.response : {};
  return Array.isArray(raw.errors) ? raw.errors.filter(isObject) : [];
}

function refusedFields(errors: Loose[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const e of errors) {
    const ext = isObject(e.extensions) ? e.extensions : {};
    const message = String(ext.userPresentableMessage ?? e.message ?? 'invalid');
    const validation = Array.isArray(ext.validationErrors) ? ext.validationErrors.filter(isObject) : [];
    for (const v of validation)
      if (typeof v.property === 'string')
        fields[v.property] = isObject(v.constraints) ? Object.values(v.constraints).join('; ') : message;
  }
  return fields;
}

export function linearFailure(err: unknown): Failure | null {
  if (!isObject(err)) return null;
  // fetch itself failed: nothing answered.
  if (err instanceof TypeError && /fetch failed/i.test(err.message))
    return {
      status: 0,
      message: String((err.cause as Error | undefined)?.message ?? err.message),
      header: () => undefined,
      fields: {},
    };
  if (typeof err.type !== 'string') return null;
  const errors = rawErrors(err);
  const codes = errors.map((e) => (isObject(e.extensions) ? String(e.extensions.code ?? '') : ''));
  const headers = isObject(err.raw) && isObject(err.raw.response) ? err.raw.response.headers : undefined;
  const header = (name: string): string | undefined => {
    const get =
      isObject(headers) && typeof headers.get === 'function' ? (headers.get as (n: string) => unknown) : null;
    const v = get ? get.call(headers, name) : undefined;
    return v === null || v === undefined ? undefined : String(v);
  };
  const message = String(err.message ?? 'Linear error');
  const httpStatus = typeof err.status === 'number' ? err.status : 0;
  const notFound = errors.some((e) => /entity not found/i.test(String(e.message ?? '')));
  const status =
    err.type === 'AuthenticationError'
      ? 401
      : err.type === 'Forbidden'
        ? 403
        : notFound
          ? 404
          : err.type === 'InvalidInput' || err.type === 'UserError'
            ? httpStatus >= 400 && httpStatus < 500
              ? httpStatus
              : 400
            : httpStatus === 0 && err.type === 'NetworkError'
              ? 0
              : httpStatus || 500;
  return {
    status,
    message,
    header,
    fields: status === 400 || status === 422 ? refusedFields(errors) : {},
    rateLimited: err.type === 'Ratelimited' || codes.includes('RATELIMITED'),
  };
}
