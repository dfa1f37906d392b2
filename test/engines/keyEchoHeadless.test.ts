// Servers repeat the key they were sent: in their error bodies (a refused key, a rate limit naming its key), and
// proxies in the answer's own events. Run headless as users run it (`node bin/puffin.cjs stories derive --provider
// P --verbose`, PUFFIN_DEBUG on) against mocks that do both: the key reaches no output and no file (stdout,
// stderr, the log file, the history record and its raw lines), and the errors still say what the server said.
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startMockBedrockApi } from '../support/mockBedrockApi';
import { startMockGeminiApi } from '../support/mockGeminiApi';
import { answer, httpFailure } from '../support/mockLlmTypes';
import { startMockMessagesApi } from '../support/mockMessagesApi';
import { startMockOpenAiApi } from '../support/mockOpenAiApi';
import { httpError } from '../support/mockTurns';
import { runPuffin } from '../support/puffinBin';
import { filesUnder } from '../support/writtenFiles';

const KEY = 'leak-7f3a9c1e5b2d4e6f8a0b';
const STORIES = {
  stories: [{ title: 'Share', description: 'As a cook, I want to share', acceptanceCriteria: ['A link'] }],
};
const TITLE = { title: 'Recipe sharing' };

interface Server {
  url: string;
  /** Every request's headers, as received. */
  sentHeaders(): string;
  close(): Promise<void>;
}

interface Case {
  name: string;
  provider: string;
  model: string;
  env: Record<string, string>;
  /** A server whose errors repeat the key: a rate limit (retried), then a refusal. */
  refusing(): Promise<Server>;
  /** A server that answers, repeating the key in the answer's events. */
  answering?: () => Promise<Server>;
}

const served = (mock: {
  url: string;
  requests: readonly { headers: unknown }[];
  close(): Promise<void>;
}): Server => ({
  url: mock.url,
  sentHeaders: () => JSON.stringify(mock.requests.map((r) => r.headers)),
  close: () => mock.close(),
});
const aws = { AWS_REGION: 'us-east-1', AWS_EC2_METADATA_DISABLED: 'true' };
const llmAnswers = [answer(STORIES, { echo: `key ${KEY}` })];

const CASES: Case[] = [
  {
    name: 'anthropic',
    provider: 'anthropic',
    model: 'claude-sonnet-4-5',
    env: { ANTHROPIC_API_KEY: KEY },
    refusing: async () =>
      served(
        await startMockMessagesApi({
          script: [
            httpError(429, { message: `Rate limit reached for key ${KEY}` }),
            httpError(401, { errorType: 'authentication_error', message: `invalid x-api-key: ${KEY}` }),
          ],
          isMainLoop: () => true,
        }),
      ),
    answering: async () =>
      served(
        await startMockMessagesApi({
          script: [{ kind: 'message', text: [JSON.stringify(STORIES)], echo: `key ${KEY}` }],
          whenExhausted: { kind: 'message', text: [JSON.stringify(TITLE)] },
          isMainLoop: () => true,
        }),
      ),
  },
  {
    name: 'openai',
    provider: 'openai',
    model: 'gpt-4o-mini',
    env: { OPENAI_API_KEY: KEY },
    refusing: async () =>
      served(
        await startMockOpenAiApi({
          script: [
            httpFailure(429, { message: `Rate limit reached for key ${KEY}` }),
            httpFailure(401, { message: `Incorrect API key provided: ${KEY}.` }),
          ],
        }),
      ),
    answering: async () => served(await startMockOpenAiApi({ script: llmAnswers })),
  },
  {
    name: 'gemini',
    provider: 'gemini',
    model: 'gemini-2.5-flash',
    env: { GEMINI_API_KEY: KEY },
    refusing: async () =>
      served(
        await startMockGeminiApi({
          script: [
            httpFailure(429, { message: `Quota exceeded for key ${KEY}` }),
            httpFailure(403, { message: `API key ${KEY} may not use this model.` }),
          ],
        }),
      ),
    // No answering case: Gemini's client keeps only the response fields it knows, so no proxy field reaches a raw line.
  },
  ...(
    [
      // A Bedrock API key travels as the bearer token; temporary credentials' session token in its own header.
      { name: 'bedrock (API key)', env: { AWS_BEARER_TOKEN_BEDROCK: KEY } },
      {
        name: 'bedrock (session token)',
        env: {
          AWS_ACCESS_KEY_ID: 'AKIAMOCK0001',
          AWS_SECRET_ACCESS_KEY: `secret-${KEY}`,
          AWS_SESSION_TOKEN: KEY,
        },
      },
    ] as { name: string; env: Record<string, string> }[]
  ).map((c): Case => ({
    name: c.name,
    provider: 'bedrock',
    model: 'us.anthropic.claude-sonnet-4-5-20250929-v1:0',
    env: { ...aws, ...c.env },
    refusing: async () =>
      served(await startMockBedrockApi({ echoKey: true, script: [httpFailure(429), httpFailure(403)] })),
    answering: async () => served(await startMockBedrockApi({ script: llmAnswers })),
  })),
];

let dir: string;
let server: Server | undefined;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-key-echo-'));
});
afterEach(async () => {
  await server?.close();
  server = undefined;
  await rm(dir, { recursive: true, force: true });
});

/** `puffin stories derive` against the server, as users run it, with every log line on stderr. */
async function derive(c: Case, url: string) {
  const project = path.join(dir, 'project');
  await mkdir(project);
  const home = path.join(dir, 'home');
  const args = ['stories', 'derive', '--project', project, '--hermetic', '--provider', c.provider];
  const run = await runPuffin([...args, '--model', c.model, '--base-url', url, '--verbose'], {
    env: {
      PATH: process.env.PATH ?? '',
      HOME: home,
      PUFFIN_USER_DATA: path.join(dir, 'user-data'),
      PUFFIN_DEBUG: '1',
      AWS_CONFIG_FILE: path.join(home, 'none'),
      AWS_SHARED_CREDENTIALS_FILE: path.join(home, 'none'),
      ...c.env,
    },
    input: 'Let cooks share recipes',
  });
  const written = await filesUnder(dir);
  const history = written.filter((f) => f.file.includes(`${path.sep}history${path.sep}`));
  return { run, written, history };
}

/** The key is nowhere: stdout, stderr, every file written (the log file, the history and its raw lines). */
function expectNowhere({ run, written }: Awaited<ReturnType<typeof derive>>) {
  expect(written.some((f) => f.file.endsWith('.log'))).toBe(true);
  expect(written.filter((f) => f.text.includes(KEY)).map((f) => f.file)).toEqual([]);
  expect(run.stdout).not.toContain(KEY);
  expect(run.stderr).not.toContain(KEY);
}

describe('a key the server repeats', () => {
  it.each(CASES.map((c) => [c.name, c] as const))(
    '%s, in its errors: appears in no output and no file, and the errors are still told',
    async (_name, c) => {
      server = await c.refusing();
      const result = await derive(c, server.url);
      // The key went out, so the server had it to repeat.
      expect(server.sentHeaders()).toContain(KEY);
      expect(result.run.exitCode, result.run.stderr).toBe(1);
      const out = JSON.parse(result.run.stdout) as { error: { code: string; message: string } };
      expect(out.error.code).toBe('auth_failed');
      // What the server said is still told, the key replaced; the retried rate limit was said on stderr.
      expect(out.error.message).toContain('[redacted]');
      expect(result.run.stderr).toMatch(/rate|throttl|quota/i);
      expect(result.history.some((f) => f.text.includes('[redacted]'))).toBe(true);
      expectNowhere(result);
    },
  );

  it.each(CASES.filter((c) => c.answering).map((c) => [c.name, c] as const))(
    '%s, in its answer: the raw lines kept with the generation carry no key',
    async (_name, c) => {
      server = await c.answering!();
      const result = await derive(c, server.url);
      expect(result.run.exitCode, result.run.stderr).toBe(0);
      expect(JSON.parse(result.run.stdout)).toMatchObject({ data: [{ title: 'Share' }] });
      const raw = result.history.filter((f) => f.file.endsWith('.raw.jsonl'));
      expect(raw.length).toBe(1);
      expect(raw[0]!.text.split('\n').length).toBeGreaterThan(2);
      // The repeated key did reach the raw lines, replaced.
      expect(raw[0]!.text).toContain('key [redacted]');
      expectNowhere(result);
    },
  );
});
