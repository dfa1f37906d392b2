/**
 * The official `@aws-sdk/client-bedrock-runtime` client as every bedrock call uses it. Everything AWS is left to
 * the SDK: the region (AWS_REGION, else the profile's `region` in ~/.aws/config), the credentials (its default
 * chain: environment keys, the shared profile AWS_PROFILE names, SSO, a Bedrock API key in
 * AWS_BEARER_TOKEN_BEDROCK, container and instance roles), the endpoint (bedrock-runtime.<region>.amazonaws.com,
 * or `--base-url`, e.g. a VPC endpoint). Its own retries are off (Puffin's one budget retries) and its responses
 * are bounded (boundedHandler.ts). Loaded on demand: it is heavy for a CLI start.
 */
import type { BedrockRuntimeClient, ConverseStreamCommand } from '@aws-sdk/client-bedrock-runtime';
import { PromptError } from '../../llm/errors';
import { boundedHandler } from './boundedHandler';

export interface BedrockEndpoint {
  client: BedrockRuntimeClient;
  Command: typeof ConverseStreamCommand;
  region: string;
  /** The endpoint asked, for messages: --base-url, else the region's. */
  baseUrl: string;
  /** What must never reach a message, a raw line or a log: the secret parts of the credentials found. */
  secrets: string[];
}

/** The credentials' secret parts the environment holds (a profile's stay in the SDK). */
const SECRET_VARIABLES = ['AWS_SECRET_ACCESS_KEY', 'AWS_SESSION_TOKEN', 'AWS_BEARER_TOKEN_BEDROCK'];

export function bedrockSecrets(...envs: NodeJS.ProcessEnv[]): string[] {
  const found = envs.flatMap((env) => SECRET_VARIABLES.map((name) => env[name]?.trim() ?? ''));
  return [...new Set(found.filter((s) => s.length >= 4))];
}

export async function bedrockEndpoint(
  env: NodeJS.ProcessEnv,
  baseUrl: string | undefined,
  model?: string,
): Promise<BedrockEndpoint> {
  const sdk = await import('@aws-sdk/client-bedrock-runtime');
  const { NodeHttpHandler } = await import('@smithy/node-http-handler');
  const region = env.AWS_REGION?.trim() || env.AWS_DEFAULT_REGION?.trim();
  const profile = env.AWS_PROFILE?.trim();
  const client = new sdk.BedrockRuntimeClient({
    ...(region ? { region } : {}),
    ...(profile ? { profile } : {}),
    ...(baseUrl ? { endpoint: baseUrl } : {}),
    maxAttempts: 1,
    // A client per call: without keep-alive its connections close with the call instead of piling up.
    requestHandler: boundedHandler(
      new NodeHttpHandler({ httpAgent: { keepAlive: false }, httpsAgent: { keepAlive: false } }),
    ),
  });
  let resolved: string;
  try {
    resolved = await client.config.region();
  } catch {
    resolved = '';
  }
  if (!resolved) {
    client.destroy();
    throw new PromptError('no_api_key', {
      message:
        'Amazon Bedrock needs an AWS region and none is configured. Set AWS_REGION (e.g. us-east-1), or a region in the profile of ~/.aws/config that AWS_PROFILE names.',
      diagnostics: { provider: 'bedrock', ...(model ? { model } : {}) },
    });
  }
  return {
    client,
    Command: sdk.ConverseStreamCommand,
    region: resolved,
    baseUrl: baseUrl ?? `https://bedrock-runtime.${resolved}.amazonaws.com`,
    secrets: bedrockSecrets(env, process.env),
  };
}
