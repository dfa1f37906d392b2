import { describe, expect, it } from 'vitest';
import { PromptError } from '../../llm/errors';
import { bedrockHttpFailure, bedrockWording, credentialFailure } from './bedrockFailure';

describe('bedrockHttpFailure', () => {
  it('reads an exception by its name, also one that arrived inside a 200 stream', () => {
    const throttled = Object.assign(new Error('Too many requests'), {
      name: 'ThrottlingException',
      $metadata: { httpStatusCode: 200 },
    });
    expect(bedrockHttpFailure(throttled)).toEqual({
      status: 429,
      message: 'ThrottlingException: Too many requests',
    });
    const expired = Object.assign(new Error('The security token included in the request is expired'), {
      name: 'ExpiredTokenException',
      $metadata: { httpStatusCode: 403 },
    });
    expect(bedrockHttpFailure(expired)?.status).toBe(403);
    expect(
      bedrockHttpFailure(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })),
    ).toBeUndefined();
  });
});

describe('credentialFailure', () => {
  it('says where AWS credentials come from, the secret kept out', () => {
    const error = Object.assign(new Error('Could not load credentials from any providers (secret-abcd)'), {
      name: 'CredentialsProviderError',
    });
    const typed = credentialFailure(error, ['secret-abcd'], 'm');
    expect(typed).toMatchObject({ code: 'no_api_key' });
    expect(typed!.message).toMatch(
      /AWS_ACCESS_KEY_ID.*AWS_PROFILE.*aws sso login.*AWS_BEARER_TOKEN_BEDROCK/s,
    );
    expect(typed!.message).not.toContain('secret-abcd');
    expect(credentialFailure(new Error('other'), [], 'm')).toBeUndefined();
  });
});

describe('bedrockWording', () => {
  it("replaces the neutral words with AWS's, keeping the detail, the evidence and whether to retry", () => {
    const neutral = new PromptError('rate_limited', {
      detail: 'bedrock: HTTP 429: ThrottlingException: slow down',
      diagnostics: { provider: 'bedrock', httpStatus: 429 },
    });
    const worded = bedrockWording(neutral) as PromptError;
    expect(worded.message).toMatch(
      /^Amazon Bedrock throttled .*\(bedrock: HTTP 429: ThrottlingException: slow down\)$/,
    );
    expect(worded).toMatchObject({ code: 'rate_limited', retryable: true, diagnostics: { httpStatus: 429 } });
    const cancelled = new PromptError('cancelled');
    expect(bedrockWording(cancelled)).toBe(cancelled);
  });
});
