/**
 * What the AWS SDK's errors mean, in Bedrock's and AWS's words. The SDK throws each service exception by name
 * (ThrottlingException, AccessDeniedException, ValidationException...), with the HTTP status in `$metadata`; an
 * exception that arrives inside the stream has its name only. Missing or expired credentials come from the
 * SDK's credential chain before any request. Each typed error then says what an AWS user can do.
 */
import { PromptError, defaultMessage, type PromptErrorCode } from '../../llm/errors';
import { redact, type ApiHttpFailure } from '../apiAttempt';

/** The status each Bedrock Runtime exception is sent with (the API reference's Errors). */
const STATUS_OF: Record<string, number> = {
  AccessDeniedException: 403,
  UnrecognizedClientException: 403,
  InvalidSignatureException: 403,
  ExpiredTokenException: 403,
  ValidationException: 400,
  ResourceNotFoundException: 404,
  ModelTimeoutException: 408,
  ModelErrorException: 424,
  ModelStreamErrorException: 424,
  ThrottlingException: 429,
  ModelNotReadyException: 429,
  InternalServerException: 500,
  ServiceUnavailableException: 503,
};

/** An AWS SDK service exception as an HTTP failure; undefined for anything else (a connection, an abort). */
export function bedrockHttpFailure(error: unknown): ApiHttpFailure | undefined {
  const e = error as { name?: unknown; message?: unknown; $metadata?: { httpStatusCode?: unknown } };
  const name = typeof e?.name === 'string' ? e.name : '';
  const metaStatus = e?.$metadata?.httpStatusCode;
  const status =
    STATUS_OF[name] ?? (typeof metaStatus === 'number' && metaStatus >= 400 ? metaStatus : undefined);
  if (status === undefined) return undefined;
  return { status, message: `${name || 'error'}: ${String(e.message ?? '')}` };
}

/** The credential chain found nothing usable (no keys, no profile, an SSO session expired): typed, or undefined. */
export function credentialFailure(
  error: unknown,
  secrets: readonly string[],
  model: string,
): PromptError | undefined {
  const e = error as { name?: unknown; message?: unknown };
  if (e?.name !== 'CredentialsProviderError' && e?.name !== 'TokenProviderError') return undefined;
  return new PromptError('no_api_key', {
    message:
      'No AWS credentials were found for Amazon Bedrock. Set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, name a profile of ~/.aws/credentials or ~/.aws/config with AWS_PROFILE (for SSO run `aws sso login --profile NAME` first), or set a Bedrock API key in AWS_BEARER_TOKEN_BEDROCK.',
    detail: `bedrock: ${redact(String(e.message ?? ''), secrets)}`.slice(0, 500),
    diagnostics: { provider: 'bedrock', model },
  });
}

const WORDING: Partial<Record<PromptErrorCode, string>> = {
  auth_failed:
    'AWS refused the credentials or their permissions for Amazon Bedrock. Check that the credentials are valid and not expired (for SSO run `aws sso login`), that the identity may call bedrock:InvokeModelWithResponseStream on this model, and that access to the model is granted in the Bedrock console of this region.',
  rate_limited:
    'Amazon Bedrock throttled the request (too many requests or tokens for this model). Wait a moment and try again, or ask for a higher quota in Service Quotas.',
  overloaded: 'Amazon Bedrock is unavailable right now. Try again in a minute.',
  api_error:
    'Amazon Bedrock returned an error. Check the model id (or inference profile) and the region; its words follow.',
  server_unavailable:
    'Amazon Bedrock cannot be reached at its endpoint. Check the network, the region (AWS_REGION) and the base URL, if one is set.',
  timeout:
    'The model on Amazon Bedrock took too long and the request was stopped. Try again, or split the request.',
  no_structured_output:
    'The model on Amazon Bedrock answered without returning structured data. Try again, or choose a model with native structured output.',
};

/** The engine-neutral error in Bedrock's words, the evidence kept (diagnostics, retryable, the detail). */
export function bedrockWording(error: unknown): unknown {
  if (!(error instanceof PromptError)) return error;
  const wording = WORDING[error.code];
  const base = defaultMessage(error.code);
  if (!wording || !error.message.startsWith(base)) return error;
  return new PromptError(error.code, {
    message: `${wording}${error.message.slice(base.length)}`,
    retryable: error.retryable,
    diagnostics: error.diagnostics,
    cause: error,
  });
}
