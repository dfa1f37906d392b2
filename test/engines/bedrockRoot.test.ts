// bedrock through the composition root, as the browser host and the desktop reach it: Settings → Engines names
// bedrock with its endpoint, the model picker offers known model ids, and "Test connection" makes one structured
// call through the official client against the loopback Bedrock Runtime.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createRoot, type Root } from '../../src/main/app/core';
import { mockPerTest } from '../support/llmMockTest';
import { startMockBedrockApi } from '../support/mockBedrockApi';
import { answer } from '../support/mockLlmTypes';

const MODEL = 'us.anthropic.claude-haiku-4-5-20251001-v1:0';
const slot = mockPerTest();
let root: Root | undefined;
let dir: string | undefined;
afterEach(async () => {
  await root?.dispose();
  root = undefined;
  vi.unstubAllEnvs();
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe('bedrock from the browser host', () => {
  it('is chosen in Settings → Engines and answers Test connection through its endpoint', async () => {
    const mock = slot.use(
      await startMockBedrockApi({ apiKey: 'AKIAROOT000000000001', whenExhausted: answer({ ok: true }) }),
    );
    dir = await mkdtemp(join(tmpdir(), 'puffin-bedrock-root-'));
    const aws = {
      AWS_ACCESS_KEY_ID: 'AKIAROOT000000000001',
      AWS_SECRET_ACCESS_KEY: 'root-secret-0123456789',
      AWS_REGION: 'eu-central-1',
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_CONFIG_FILE: join(dir, 'none'),
      AWS_SHARED_CREDENTIALS_FILE: join(dir, 'none'),
    };
    // The SDK's credential chain reads the process environment.
    for (const [name, value] of Object.entries(aws)) vi.stubEnv(name, value);
    root = await createRoot({
      userDataDir: join(dir, 'user-data'),
      platform: { face: 'browser' },
      llm: { env: () => ({ PATH: process.env.PATH, ...aws }) },
    });
    const call = (channel: string, payload: unknown) => root!.dispatch(channel, payload, { face: 'browser' });
    const engines = {
      default: { provider: 'bedrock', model: MODEL, mode: 'auto' },
      workflows: {},
      baseUrls: { bedrock: mock.url },
    };
    expect(await call('settings:update', { engines })).toMatchObject({ ok: true, value: { engines } });
    expect(await call('engines:models', { provider: 'bedrock' })).toMatchObject({
      ok: true,
      value: { models: expect.arrayContaining([MODEL]) as unknown },
    });
    expect(await call('engines:test', { provider: 'bedrock', model: MODEL })).toMatchObject({
      ok: true,
      value: { provider: 'bedrock', model: MODEL, mode: 'native' },
    });
    // The call went to the endpoint of the settings, signed for the configured region.
    expect(mock.modelCalls()).toHaveLength(1);
    expect(mock.modelCalls()[0]!.headers.authorization).toContain('/eu-central-1/bedrock/aws4_request');
  });
});
