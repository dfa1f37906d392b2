import { describe, expect, it } from 'vitest';
import { clientFailure } from './apiAttempt';
import { errnoOf, httpFailureError, retryAfterMs, silenceTimeout } from './httpFailure';

describe('httpFailureError', () => {
  it.each([
    [401, 'auth_failed', false],
    [403, 'auth_failed', false],
    [429, 'rate_limited', true],
    [529, 'overloaded', true],
    [503, 'overloaded', true],
    [500, 'api_error', true],
    [400, 'api_error', false],
  ])('types HTTP %i as %s (retryable: %s)', (status, code, retryable) => {
    const e = httpFailureError('anthropic', { status, message: 'boom' });
    expect(e.code).toBe(code);
    expect(e.retryable).toBe(retryable);
    expect(e.diagnostics.httpStatus).toBe(status);
    expect(e.message).toContain('anthropic: HTTP');
  });

  it('keeps the retry-after of a 429 for the retry budget', () => {
    const e = httpFailureError('openai', {
      status: 429,
      message: 'slow down',
      headers: { 'retry-after': '7' },
    });
    expect(e.diagnostics.retryAfterMs).toBe(7000);
  });

  it('says the server is not there for a refused connection, and cancelled or timeout for an abort', () => {
    expect(httpFailureError('ollama', { message: 'fetch failed', errno: 'ECONNREFUSED' }).code).toBe(
      'server_unavailable',
    );
    expect(httpFailureError('ollama', { message: 'x', aborted: true }).code).toBe('cancelled');
    expect(httpFailureError('ollama', { message: 'x', aborted: true }, {}, true).code).toBe('timeout');
  });
});

describe('retryAfterMs', () => {
  it('reads milliseconds, seconds and an HTTP date', () => {
    expect(retryAfterMs({ 'retry-after-ms': '1500', 'retry-after': '9' })).toBe(1500);
    expect(retryAfterMs({ 'retry-after': '2' })).toBe(2000);
    const now = Date.parse('2026-11-24T00:00:00Z');
    expect(retryAfterMs({ 'retry-after': 'Tue, 24 Nov 2026 00:00:30 GMT' }, now)).toBe(30_000);
    expect(retryAfterMs({ 'retry-after': 'soon' })).toBeUndefined();
    expect(retryAfterMs(undefined)).toBeUndefined();
  });
});

describe('errnoOf', () => {
  it('finds the errno on the error or down its cause chain', () => {
    const inner = Object.assign(new Error('connect'), { code: 'ECONNREFUSED' });
    expect(errnoOf(new Error('fetch failed', { cause: inner }))).toBe('ECONNREFUSED');
    expect(errnoOf(new Error('plain'))).toBeUndefined();
  });
});

describe('silenceTimeout', () => {
  // How Node's fetch reports its own limit on a silent server: TypeError('fetch failed') caused by undici's error.
  const fetchFailed = (code: string) =>
    new TypeError('fetch failed', { cause: Object.assign(new Error('Headers Timeout Error'), { code }) });

  it("reports Node's HTTP client giving up on a silent server as timeout, saying so", () => {
    for (const [code, what] of [
      ['UND_ERR_HEADERS_TIMEOUT', /no answer for 300 s/],
      ['UND_ERR_BODY_TIMEOUT', /nothing more for 300 s/],
    ] as const) {
      const e = silenceTimeout('ollama', fetchFailed(code), { model: 'm' });
      expect(e?.code).toBe('timeout');
      expect(e?.message).toMatch(what);
      expect(e?.diagnostics.model).toBe('m');
    }
    // Wrapped once more, as a client library does.
    expect(
      silenceTimeout('openai', new Error('Connection error.', { cause: fetchFailed('UND_ERR_BODY_TIMEOUT') }))
        ?.code,
    ).toBe('timeout');
    expect(silenceTimeout('ollama', fetchFailed('ECONNREFUSED'))).toBeUndefined();
    expect(silenceTimeout('ollama', new Error('x'))).toBeUndefined();
  });
});

describe('clientFailure on a silent server', () => {
  it('is a timeout, before and during the stream, not an unreachable server or a broken stream', () => {
    const silent = new TypeError('fetch failed', {
      cause: Object.assign(new Error('Body Timeout Error'), { code: 'UND_ERR_BODY_TIMEOUT' }),
    });
    const who = { provider: 'ollama' as const, secret: undefined, httpFailure: () => undefined };
    expect(clientFailure(silent, who, {}, false).code).toBe('timeout');
    expect(clientFailure(silent, who, {}, true).code).toBe('timeout');
  });
});
