// A modify round on an API engine, as users run it headless: `puffin stories derive` then `puffin stories modify`
// against the loopback Chat Completions API. The modify request replays the conversation (the original request,
// the previous stories as the assistant's own JSON answer, then the feedback) instead of re-rendering the stories
// into one prompt text.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { mockPerTest } from '../support/llmMockTest';
import { answer } from '../support/mockLlmTypes';
import { startMockOpenAiApi } from '../support/mockOpenAiApi';
import { runPuffin } from '../support/puffinBin';

const KEY = 'sk-proj-modify-5d1e9a7b3c';
const slot = mockPerTest();
const dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-modify-'));
afterAll(() => rm(dir, { recursive: true, force: true }));

type Message = { role: string; content: string };
const messagesOf = (body: unknown) => (body as { messages: Message[] }).messages;

describe('puffin stories modify --provider openai', () => {
  it('sends the previous stories as the assistant turn between the original request and the feedback', async () => {
    const first = {
      title: 'Share recipes',
      description: 'As a cook, I want to share',
      acceptanceCriteria: ['A link'],
    };
    const second = {
      title: 'Print recipes',
      description: 'As a cook, I want to print',
      acceptanceCriteria: ['A4'],
    };
    const revised = { ...second, acceptanceCriteria: ['A4', 'Letter'] };
    const mock = slot.use(
      await startMockOpenAiApi({
        apiKey: KEY,
        respond: (body) => {
          const schema = (body as { response_format?: { json_schema?: { name?: string } } }).response_format;
          if (schema?.json_schema?.name === 'title') return answer({ title: 'Recipes' });
          return answer({ stories: messagesOf(body).length > 1 ? [first, revised] : [first, second] });
        },
      }),
    );
    const project = path.join(dir, 'project');
    await mkdir(project);
    const env = {
      PATH: process.env.PATH ?? '',
      HOME: path.join(dir, 'home'),
      PUFFIN_USER_DATA: path.join(dir, 'user-data'),
      OPENAI_API_KEY: KEY,
    };
    const engine = ['--project', project, '--hermetic', '--provider', 'openai', '--model', 'gpt-4o-mini'];
    const derive = await runPuffin(['stories', 'derive', ...engine, '--base-url', mock.url], {
      env,
      input: 'Let cooks share and print recipes',
    });
    expect(derive.exitCode, derive.stderr).toBe(0);
    const feedback = path.join(dir, 'feedback.txt');
    await writeFile(feedback, 'Printing must also offer US Letter.');
    const modify = await runPuffin(
      ['stories', 'modify', ...engine, '--base-url', mock.url, '--feedback-file', feedback, '--lock', '1'],
      { env },
    );
    expect(modify.exitCode, modify.stderr).toBe(0);
    expect(JSON.parse(modify.stdout)).toMatchObject({ data: [first, revised] });

    const storyCalls = mock
      .modelCalls()
      .map((c) => messagesOf(c.body))
      .filter((m) => m[0]!.content.includes('Let cooks share and print recipes'));
    expect(storyCalls).toHaveLength(2);
    const [original, round] = storyCalls;
    expect(round).toHaveLength(3);
    expect(round![0]).toEqual(original![0]); // the original request, as it was asked
    expect(round![1]!.role).toBe('assistant');
    expect(JSON.parse(round![1]!.content)).toEqual({ stories: [first, second] });
    expect(round![2]!.role).toBe('user');
    expect(round![2]!.content).toContain('Story 1 is LOCKED');
    expect(round![2]!.content).toMatch(/## Feedback\nPrinting must also offer US Letter\.$/);
    expect(round![2]!.content).not.toContain('Print recipes'); // the stories are not re-rendered as text
  });
});
