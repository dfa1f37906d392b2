// The official-style Jira Cloud client (jira.js's Version3Client, loaded when first used: it pulls in axios), and
// how its failures read: jira.js throws an HttpException (status, the body) whose cause is axios's error (headers).
import type { Version3Client } from 'jira.js';
import type { Failure } from '../errors';

export type JiraClient = Version3Client;

export interface JiraCredentials {
  email: string;
  apiToken: string;
}

export async function createJiraClient(site: string, credentials: JiraCredentials): Promise<JiraClient> {
  const { Version3Client } = await import('jira.js');
  return new Version3Client({
    host: site,
    authentication: { basic: { email: credentials.email, apiToken: credentials.apiToken } },
  });
}

type Loose = Record<string, unknown>;
const isObject = (v: unknown): v is Loose => typeof v === 'object' && v !== null;

/** Jira's error body: `{errorMessages: string[], errors: {field: reason}}`. */
function jiraMessage(data: unknown, fallback: string): { message: string; fields: Record<string, string> } {
  if (!isObject(data)) return { message: typeof data === 'string' && data ? data : fallback, fields: {} };
  const messages = Array.isArray(data.errorMessages)
    ? data.errorMessages.filter((m) => typeof m === 'string')
    : [];
  const fields: Record<string, string> = {};
  if (isObject(data.errors))
    for (const [k, v] of Object.entries(data.errors)) if (typeof v === 'string') fields[k] = v;
  return { message: messages.join('; ') || Object.values(fields).join('; ') || fallback, fields };
}

export function jiraFailure(err: unknown): Failure | null {
  if (!isObject(err)) return null;
  // axios's own error: no answer at all (refused, DNS, reset).
  if (err.isAxiosError === true && !isObject(err.response))
    return { status: 0, message: String(err.code ?? err.message), header: () => undefined, fields: {} };
  if (typeof err.status !== 'number' || !isObject(err.response)) return null;
  const cause = isObject(err.cause) && isObject(err.cause.response) ? err.cause.response : null;
  const headers = cause && isObject(cause.headers) ? cause.headers : {};
  const body = err.response.data;
  const { message, fields } = jiraMessage(body, String(err.response.statusText ?? err.message ?? ''));
  return {
    status: err.status,
    message,
    fields,
    header: (name) => {
      const v = headers[name.toLowerCase()];
      return v === undefined || v === null ? undefined : String(v);
    },
  };
}
