/**
 * One typed PromptError for whatever an API provider's HTTP call ended with, the same rules for every provider:
 * 401/403 → auth_failed; 429 → rate_limited (retry-after honoured); 529, 503 and "overloaded" → overloaded; other
 * 5xx → api_error (retryable); other 4xx → api_error (not retryable); a connection that cannot be made →
 * server_unavailable; an aborted request → cancelled (or timeout, when the call's time ran out). Retryable ones are
 * retried by sendPrompt's one budget: clients' own retries stay off (maxRetries: 0).
 */
import { PromptError, type PromptErrorDiagnostics } from '../llm/errors';
import type { ProviderName } from './provider';

/** What a client library's error says, whichever library (fields read defensively). */
export interface HttpFailure {
  status?: number;
  /** Response headers, lower-case names. */
  headers?: Readonly<Record<string, string | null | undefined>>;
  message: string;
  /** Node's errno of the connection (ECONNREFUSED...), found on the error or its causes. */
  errno?: string;
  aborted?: boolean;
}

const UNREACHABLE = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ECONNRESET',
]);

/** `retry-after-ms`, else `retry-after` in seconds or as an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(headers: HttpFailure['headers'], now: number = Date.now()): number | undefined {
  const ms = Number(headers?.['retry-after-ms']);
  if (headers?.['retry-after-ms'] && Number.isFinite(ms) && ms >= 0) return ms;
  const raw = headers?.['retry-after'];
  if (!raw) return undefined;
  const seconds = Number(raw);
  if (Number.isFinite(seconds) && seconds >= 0) return seconds * 1000;
  const date = Date.parse(raw);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

export function httpFailureError(
  provider: ProviderName,
  f: HttpFailure,
  diagnostics: PromptErrorDiagnostics = {},
  timedOut = false,
): PromptError {
  const d: PromptErrorDiagnostics = {
    ...diagnostics,
    ...(f.status !== undefined ? { httpStatus: f.status } : {}),
  };
  const detail = `${provider}: ${f.status !== undefined ? `HTTP ${f.status}: ` : ''}${f.message}`.slice(
    0,
    500,
  );
  if (f.aborted) return new PromptError(timedOut ? 'timeout' : 'cancelled', { diagnostics: d });
  if (f.errno && UNREACHABLE.has(f.errno))
    return new PromptError('server_unavailable', { detail: `${provider}: ${f.errno}`, diagnostics: d });
  const status = f.status;
  if (status === undefined) return new PromptError('server_unavailable', { detail, diagnostics: d });
  if (status === 401 || status === 403) return new PromptError('auth_failed', { detail, diagnostics: d });
  if (status === 429) {
    const wait = retryAfterMs(f.headers);
    return new PromptError('rate_limited', {
      detail,
      diagnostics: { ...d, ...(wait !== undefined ? { retryAfterMs: wait } : {}) },
    });
  }
  if (status === 529 || status === 503 || /overloaded/i.test(f.message)) {
    const wait = retryAfterMs(f.headers);
    return new PromptError('overloaded', {
      detail,
      diagnostics: { ...d, ...(wait !== undefined ? { retryAfterMs: wait } : {}) },
    });
  }
  return new PromptError('api_error', { detail, retryable: status >= 500, diagnostics: d });
}

/** The errno of a failed connection, looked for on the error and its `cause` chain (fetch wraps it). */
export function errnoOf(err: unknown): string | undefined {
  for (let e = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^E[A-Z_]+$/.test(code)) return code;
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** How long Node's fetch (undici) waits for a silent server, for the headers or for more of the body. */
export const CLIENT_SILENCE_LIMIT_S = 300;

/**
 * Node's HTTP client gave up on a server that stayed silent (UND_ERR_HEADERS_TIMEOUT, UND_ERR_BODY_TIMEOUT: a
 * local model still reading a long prompt, a stream that paused) as a timeout that says so, or undefined. Without
 * this it read as an unreachable server, which it is not.
 */
export function silenceTimeout(
  provider: ProviderName,
  err: unknown,
  diagnostics: PromptErrorDiagnostics = {},
): PromptError | undefined {
  for (let e = err, depth = 0; e && depth < 5; depth++) {
    const code = (e as { code?: unknown }).code;
    if (code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT') {
      const what = code === 'UND_ERR_HEADERS_TIMEOUT' ? 'no answer' : 'nothing more';
      return new PromptError('timeout', {
        detail: `${provider}: the server sent ${what} for ${CLIENT_SILENCE_LIMIT_S} s (the limit of Node's HTTP client)`,
        diagnostics,
      });
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}
