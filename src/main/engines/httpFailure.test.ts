import { describe, expect, it } from 'vitest';
import { errnoOf, httpFailureError, retryAfterMs } from './httpFailure';

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
