// `puffin prompt` without --schema answers plain text in the one-object shape: data is the text, with source,
// warnings and meta as for a schema. On the CLI engine (fake CLI) and an API engine (the loopback OpenAI API).
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeClaudeEnv, fakeClaudePath } from '../../test/support/fakeCli';
import { mockPerTest } from '../../test/support/llmMockTest';
import { answer } from '../../test/support/mockLlmTypes';
import { startMockOpenAiApi } from '../../test/support/mockOpenAiApi';
import { runPuffin } from '../../test/support/cli/inProcessCli';

const slot = mockPerTest();
let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-cli-text-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const TEXT = 'Puffins nest in burrows.\nThey eat fish.';

describe('puffin prompt without --schema', () => {
  it('on the Claude Code CLI: data is the text, meta as with a schema', async () => {
    const record = path.join(dir, 'calls.jsonl');
    const env = {
      PATH: process.env.PATH ?? '',
      PUFFIN_USER_DATA: path.join(dir, 'user'),
      PUFFIN_CLAUDE_PATH: fakeClaudePath(),
      ...fakeClaudeEnv({ scenario: 'happy', output: { text: TEXT }, recordFile: record }),
    };
    const r = await runPuffin(['prompt'], { env, stdin: 'Tell me about puffins.' });
    expect(r.code).toBe(0);
    expect(r.out).toMatchObject({ data: TEXT, source: 'structured_output', warnings: [] });
    expect(r.out.meta).toMatchObject({ cliVersion: expect.any(String), costUsd: expect.any(Number) });
    // The text travelled in a one-field answer the CLI was asked for.
    const [call] = (await readFile(record, 'utf8'))
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const argv = call.argv as string[];
    const schema = JSON.parse(argv[argv.indexOf('--json-schema') + 1]!);
    expect(Object.keys(schema.properties)).toEqual(['text']);
  });

  it('on an API engine: data is the text, meta names the provider', async () => {
    const mock = slot.use(await startMockOpenAiApi({ script: [answer({ text: TEXT })] }));
    const argv = ['prompt', '--provider', 'openai', '--model', 'gpt-4o-mini', '--base-url', mock.url];
    const env = { PATH: '', PUFFIN_USER_DATA: path.join(dir, 'user'), OPENAI_API_KEY: 'sk-text-1234' };
    const r = await runPuffin(argv, { env, stdin: 'Tell me about puffins.' });
    expect(r.code).toBe(0);
    expect(r.out).toMatchObject({
      data: TEXT,
      warnings: [],
      meta: { provider: 'openai', model: 'gpt-4o-mini' },
    });
  });

  it('refuses --envelope without --schema', async () => {
    const env = {
      PATH: '',
      PUFFIN_USER_DATA: path.join(dir, 'user'),
      PUFFIN_CLAUDE_PATH: path.join(dir, 'none'),
    };
    const r = await runPuffin(['prompt', '--envelope', 'text'], { env, stdin: 'Hi' });
    expect(r.code).toBe(1);
    expect(r.out.error).toMatchObject({
      code: 'invalid_payload',
      message: expect.stringContaining('schema'),
    });
  });
});
