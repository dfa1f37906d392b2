import { describe, expect, it } from 'vitest';
import {
  PROMPT_ERROR_CODES,
  PromptError,
  RAW_LINES_LIMIT,
  STDERR_TAIL_LIMIT,
  defaultMessage,
} from './errors';

describe('PromptError', () => {
  it('says what happened in words every face can use (no Settings, panels or flags: each face adds its own step)', () => {
    expect(new PromptError('cli_not_found').message).toBe(
      'Claude Code CLI not found. Install it with `npm install -g @anthropic-ai/claude-code`, or point Puffin at it.',
    );
    expect(new PromptError('not_logged_in').message).toBe(
      'Claude Code is not logged in, or its API key was refused. Run `claude` in a terminal and use /login, or set a valid ANTHROPIC_API_KEY.',
    );
    for (const code of PROMPT_ERROR_CODES) {
      expect(defaultMessage(code)).not.toMatch(/settings|activity|panel|--[a-z]|chmod|below|turn limit/i);
    }
  });

  it.each(PROMPT_ERROR_CODES)('%s has its own specific message, never a generic "failed"', (code) => {
    const message = defaultMessage(code);
    expect(message.length).toBeGreaterThan(20);
    expect(message).not.toMatch(/^(failed|error)\.?$/i);
    const others = PROMPT_ERROR_CODES.filter((c) => c !== code).map((c) => defaultMessage(c));
    expect(others).not.toContain(message);
  });

  it('marks only transient failures retryable, and lets callers decide for api_error', () => {
    const retryable = PROMPT_ERROR_CODES.filter((c) => new PromptError(c).retryable);
    expect(retryable.sort()).toEqual(['no_structured_output', 'overloaded', 'rate_limited']);
    expect(new PromptError('api_error', { retryable: true }).retryable).toBe(true);
  });

  it('appends detail and is an Error with a snake_case code', () => {
    const e = new PromptError('api_error', { detail: 'HTTP 500: Internal server error' });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('PromptError');
    expect(e.message).toMatch(/returned an error.*\(HTTP 500: Internal server error\)$/);
    for (const code of PROMPT_ERROR_CODES) expect(code).toMatch(/^[a-z]+(_[a-z]+)*$/);
  });

  it('round-trips through JSON (it crosses IPC)', () => {
    const e = new PromptError('validation_failed', {
      diagnostics: { workflow: 'stories', cliVersion: '2.1.330', exitCode: 0, validationErrors: ['/x: bad'] },
    });
    const json = JSON.parse(JSON.stringify(e));
    expect(json).toEqual({
      name: 'PromptError',
      code: 'validation_failed',
      message: e.message,
      retryable: false,
      diagnostics: { workflow: 'stories', cliVersion: '2.1.330', exitCode: 0, validationErrors: ['/x: bad'] },
    });
    const back = PromptError.fromJSON(json);
    expect(back).toBeInstanceOf(PromptError);
    expect(back.toJSON()).toEqual(json);
  });

  it('bounds raw lines and stderr whatever the CLI printed', () => {
    const rawLines = Array.from({ length: 500 }, (_, i) => `line ${i} ${'x'.repeat(i === 499 ? 10_000 : 1)}`);
    const e = new PromptError('crashed', {
      diagnostics: { rawLines, stderrTail: 'e'.repeat(100_000) + 'END' },
    });
    expect(e.diagnostics.rawLines).toHaveLength(RAW_LINES_LIMIT);
    expect(e.diagnostics.rawLines?.[0]).toBe(`line 450 x`);
    expect(e.diagnostics.rawLines?.at(-1)?.length).toBeLessThan(2100);
    expect(e.diagnostics.stderrTail).toHaveLength(STDERR_TAIL_LIMIT);
    expect(e.diagnostics.stderrTail?.endsWith('END')).toBe(true);
  });

  it('adds diagnostics without losing the original ones', () => {
    const e = new PromptError('overloaded', { diagnostics: { httpStatus: 529 } }).withDiagnostics({
      attempts: 3,
    });
    expect(e.diagnostics).toEqual({ httpStatus: 529, attempts: 3 });
    expect(e.retryable).toBe(true);
  });
});
