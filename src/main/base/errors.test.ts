import { describe, expect, it } from 'vitest';
import { PromptError } from '../llm/errors';
import { ServiceError, toIpcError } from './errors';

describe('toIpcError', () => {
  it("sends a PromptError's diagnostics as its details, not its whole JSON form", () => {
    const err = new PromptError('cli_not_found', {
      diagnostics: { workflow: 'stories', cliPath: '/x/claude' },
    });
    expect(toIpcError(err)).toEqual({
      code: 'cli_not_found',
      message: err.message,
      details: { workflow: 'stories', cliPath: '/x/claude' },
    });
  });

  it('sends a ServiceError as its code, message and details', () => {
    const err = new ServiceError('invalid_payload', 'Name the project folder.');
    expect(toIpcError(err)).toMatchObject({ code: 'invalid_payload', message: 'Name the project folder.' });
  });

  it('turns an error without a listed code into an internal error', () => {
    expect(toIpcError(new Error('boom'))).toEqual({
      code: 'internal_error',
      message: 'Unexpected error: boom',
    });
  });
});
