// Other engines with the anthropic provider, as users run it (`node bin/puffin.cjs`), against the
// loopback Messages API mock: `puffin prompt --provider anthropic …` prints the one JSON object naming provider,
// model and mode; `puffin stories derive --provider anthropic …` stores its generation naming the engine; and the
// API key is written nowhere: not in any file under the project, the user data or HOME, nor on stdout or stderr.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from '../support/mockMessagesApi';
import type { MockTurn } from '../support/mockTypes';
import { runPuffin } from '../support/puffinBin';
import { filesUnder } from '../support/writtenFiles';

const KEY = 'sk-ant-leakcheck-7f3a9c1e5b';
const MODEL = 'claude-sonnet-4-5';
const json = (value: unknown): MockTurn => ({ kind: 'message', text: [JSON.stringify(value)] });

let dir: string;
let mock: MockMessagesApi | undefined;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-anthropic-'));
});
afterEach(async () => {
  await mock?.close();
  mock = undefined;
  await rm(dir, { recursive: true, force: true });
});

function env(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    HOME: path.join(dir, 'home'),
    PUFFIN_USER_DATA: path.join(dir, 'user-data'),
    ANTHROPIC_API_KEY: KEY,
  };
}

describe('puffin with --provider anthropic', () => {
  it('prompt prints the one-object output with meta.provider, model and mode', async () => {
    mock = await startMockMessagesApi({
      script: [json({ colours: ['red', 'blue'] })],
      isMainLoop: () => true,
    });
    const schema = path.join(dir, 'colours.schema.json');
    await writeFile(
      schema,
      JSON.stringify({
        type: 'object',
        required: ['colours'],
        properties: { colours: { type: 'array', items: { type: 'string' } } },
      }),
    );
    const args = ['prompt', '--schema', schema, '--provider', 'anthropic', '--model', MODEL];
    const run = await runPuffin([...args, '--base-url', mock.url], { env: env(), input: 'Two colours' });
    expect(run.exitCode, run.stderr).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, Record<string, unknown>>;
    expect(out).toMatchObject({
      data: { colours: ['red', 'blue'] },
      source: 'structured_output',
      warnings: [],
      meta: { provider: 'anthropic', model: MODEL, mode: 'native', cliVersion: null, turns: 1 },
    });
    expect(typeof out.meta!.costUsd).toBe('number');
  });

  it('stories derive stores the generation naming its engine, and the key is written nowhere', async () => {
    const stories = {
      stories: [
        { title: 'Share recipes', description: 'As a cook, I want to share', acceptanceCriteria: ['A link'] },
      ],
    };
    mock = await startMockMessagesApi({
      script: [json(stories)],
      whenExhausted: json({ title: 'Recipe sharing' }),
      isMainLoop: () => true,
    });
    const project = path.join(dir, 'project');
    await mkdir(project);
    const args = ['stories', 'derive', '--project', project, '--hermetic', '--provider', 'anthropic'];
    const run = await runPuffin([...args, '--model', MODEL, '--base-url', mock.url, '--verbose'], {
      env: env(),
      input: 'Let cooks share recipes',
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      data: [{ title: 'Share recipes' }],
      meta: { provider: 'anthropic', model: MODEL, mode: 'native', cliVersion: null },
    });

    const history = (await filesUnder(path.join(project, '.puffin', 'local', 'history'))).filter((f) =>
      f.file.endsWith('.json'),
    );
    expect(history.length).toBeGreaterThan(0);
    const record = JSON.parse(history[0]!.text) as { meta: Record<string, unknown> };
    expect(record.meta).toMatchObject({
      provider: 'anthropic',
      model: MODEL,
      mode: 'native',
      cliVersion: null,
    });

    const written = await filesUnder(dir);
    expect(written.length).toBeGreaterThan(history.length);
    expect(written.filter((f) => f.text.includes(KEY)).map((f) => f.file)).toEqual([]);
    expect(run.stdout).not.toContain(KEY);
    expect(run.stderr).not.toContain(KEY);
    // The key did reach the API: it is where it belongs, in the request's header.
    expect(JSON.stringify(mock.mainRequests()[0]!.headers)).toContain(KEY);
  });
});
