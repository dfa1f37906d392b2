// Other engines: `puffin prompt --schema F --provider P --model M --base-url URL` as users run it,
// against each provider's loopback API, printing the one-object shape with meta.provider, model and mode.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { mockPerTest } from '../support/llmMockTest';
import { startMockBedrockApi } from '../support/mockBedrockApi';
import { startMockGeminiApi } from '../support/mockGeminiApi';
import { answer, httpFailure } from '../support/mockLlmTypes';
import { startMockOllamaApi } from '../support/mockOllamaApi';
import { startMockOpenAiApi } from '../support/mockOpenAiApi';
import { runPuffin } from '../support/puffinBin';
import { STORIES_SCHEMA, story } from './apiWorld';
import { scratchDir } from '../support/scratchDir';

const slot = mockPerTest();
const schemaFile = path.join(scratchDir('puffin-engines-'), 'stories.schema.json');
writeFileSync(schemaFile, JSON.stringify(STORIES_SCHEMA));
const reply = { stories: [story('Headless one'), story('Headless two', 5)] };

const CASES = [
  {
    provider: 'openai',
    model: 'gpt-4o-mini',
    start: startMockOpenAiApi,
    env: { OPENAI_API_KEY: 'sk-headless-1234' },
  },
  { provider: 'ollama', model: 'llama3.2:latest', start: startMockOllamaApi, env: {} },
  {
    provider: 'gemini',
    model: 'gemini-2.5-flash',
    start: startMockGeminiApi,
    env: { GEMINI_API_KEY: 'AIza-headless' },
  },
  {
    provider: 'bedrock',
    model: 'us.anthropic.claude-haiku-4-5-20251001-v1:0',
    start: startMockBedrockApi,
    env: {
      AWS_ACCESS_KEY_ID: 'AKIAHEADLESS0001',
      AWS_SECRET_ACCESS_KEY: 'headless-secret-0123456789',
      AWS_REGION: 'eu-west-1',
      AWS_EC2_METADATA_DISABLED: 'true',
      AWS_CONFIG_FILE: path.join(path.dirname(schemaFile), 'no-aws-config'),
      AWS_SHARED_CREDENTIALS_FILE: path.join(path.dirname(schemaFile), 'no-aws-credentials'),
    },
  },
] as const;

async function puffinPrompt(c: (typeof CASES)[number], url: string, extra: string[] = []) {
  const args = [
    'prompt',
    '--schema',
    schemaFile,
    '--provider',
    c.provider,
    '--model',
    c.model,
    '--base-url',
    url,
  ];
  const run = await runPuffin([...args, ...extra], {
    env: { PATH: process.env.PATH ?? '', ...c.env },
    input: 'Split the feature into stories.',
  });
  return { ...run, json: JSON.parse(run.stdout) as Record<string, unknown> };
}

describe('puffin prompt --provider (headless)', () => {
  it.each(CASES)(
    'prints the one-object shape for $provider with meta.provider, model and mode',
    async (c) => {
      const mock = slot.use(await c.start({ script: [answer(reply)] }));
      const { exitCode, json } = await puffinPrompt(c, mock.url);
      expect(json).toEqual({
        data: reply,
        source: 'structured_output',
        warnings: [],
        meta: expect.objectContaining({ provider: c.provider, model: c.model, mode: 'native' }) as unknown,
      });
      expect(exitCode).toBe(0);
    },
  );

  it('takes --mode tool and prints a typed error on stdout with exit 1', async () => {
    const c = CASES[0];
    const mock = slot.use(await c.start({ script: [answer(reply), httpFailure(401)] }));
    const tool = await puffinPrompt(c, mock.url, ['--mode', 'tool']);
    expect(tool.json).toMatchObject({ source: 'tool_use', meta: { provider: 'openai', mode: 'tool' } });
    const failed = await puffinPrompt(c, mock.url);
    expect(failed.json).toMatchObject({
      error: { code: 'auth_failed', message: expect.any(String) as unknown },
    });
    expect(failed.exitCode).toBe(1);
    expect(failed.stdout + failed.stderr).not.toContain('sk-headless-1234');
  });
});
