// A project command on the openai provider, as users run it: `puffin stories derive --provider openai …` against
// the loopback Chat Completions API stores its generation naming the engine, model and mode, and the API key is
// written nowhere (no file under the project, the user data or HOME; not on stdout or stderr).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mockPerTest } from '../support/llmMockTest';
import { answer } from '../support/mockLlmTypes';
import { startMockOpenAiApi } from '../support/mockOpenAiApi';
import { runPuffin } from '../support/puffinBin';
import { filesUnder } from '../support/writtenFiles';

const KEY = 'sk-proj-leakcheck-5d1e9a7b3c';
const slot = mockPerTest();
const dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-openai-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

describe('puffin stories derive --provider openai', () => {
  it('stores the generation naming its engine; the key reaches only the request header', async () => {
    const story = {
      title: 'Share recipes',
      description: 'As a cook, I want to share',
      acceptanceCriteria: ['A link'],
    };
    const mock = slot.use(
      await startMockOpenAiApi({
        apiKey: KEY,
        script: [answer({ stories: [story] })],
        whenExhausted: answer({ title: 'Recipe sharing' }),
      }),
    );
    const project = path.join(dir, 'project');
    await mkdir(project);
    const args = ['stories', 'derive', '--project', project, '--hermetic', '--provider', 'openai'];
    const run = await runPuffin([...args, '--model', 'gpt-4o-mini', '--base-url', mock.url], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: path.join(dir, 'home'),
        PUFFIN_USER_DATA: path.join(dir, 'user-data'),
        OPENAI_API_KEY: KEY,
      },
      input: 'Let cooks share recipes',
    });
    expect(run.exitCode, run.stderr).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({ data: [story] });

    const written = await filesUnder(dir);
    const history = written.filter(
      (f) => f.file.includes(`${path.sep}history${path.sep}`) && f.file.endsWith('.json'),
    );
    expect(history.length).toBeGreaterThan(0);
    const metas = history.map((f) => (JSON.parse(f.text) as { meta: Record<string, unknown> }).meta);
    expect(metas).toContainEqual(
      expect.objectContaining({ provider: 'openai', model: 'gpt-4o-mini', mode: 'native', cliVersion: null }),
    );
    expect(written.filter((f) => f.text.includes(KEY)).map((f) => f.file)).toEqual([]);
    expect(run.stdout + run.stderr).not.toContain(KEY);
    expect(mock.modelCalls()[0]!.headers.authorization).toBe(`Bearer ${KEY}`);
  });
});
