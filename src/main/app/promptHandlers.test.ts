// The one-off model calls as any face calls them: through the root's dispatcher, with a fake CLI.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestChannel } from '../../shared/ipc/contract';
import { fakeClaudeEnv, readFakeClaudeRecord } from '../../../test/support/fakeCli';
import { anyRunMeta } from '../../../test/support/runMeta';
import { createFakeClaudeRoot } from '../../../test/support/fakeClaudeRoot';
import type { Root } from './core';

let dir: string;
let root: Root;
let env: Record<string, string>;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-tools-'));
  ({ root, env } = await createFakeClaudeRoot(dir));
});
afterEach(async () => {
  await root.dispose();
  await rm(dir, { recursive: true, force: true });
});

const call = (channel: RequestChannel, payload: unknown) => root.dispatch(channel, payload, { face: 'test' });

describe('prompt:run', () => {
  it('answers in the one-object shape', async () => {
    Object.assign(env, fakeClaudeEnv({ scenario: 'happy', output: { name: 'Ada', age: 36 } }));
    const r = await call('prompt:run', { prompt: 'Who?', schema: { type: 'object', properties: {} } });
    expect(r).toEqual({
      ok: true,
      value: {
        data: { name: 'Ada', age: 36 },
        source: 'structured_output',
        warnings: [],
        meta: anyRunMeta('2.1.330'),
      },
    });
  });

  it('is cancelled by the root’s cancelAll (Ctrl-C in the headless CLI), its CLI stopped', async () => {
    const record = join(dir, 'invocations.jsonl');
    Object.assign(env, fakeClaudeEnv({ scenario: 'hang', recordFile: record }));
    const running = call('prompt:run', { prompt: 'Wait', schema: { type: 'object' } });
    await vi.waitFor(() => expect(readFakeClaudeRecord(record).length).toBeGreaterThan(0), {
      timeout: 20_000,
    });
    root.cancelAll();
    expect(await running).toMatchObject({ ok: false, error: { code: 'cancelled' } });
  });
});

describe('title:generate', () => {
  it('falls back to the first words when the CLI cannot run, and says why', async () => {
    env.PUFFIN_CLAUDE_PATH = join(dir, 'no-claude');
    const r = await call('title:generate', { text: 'let cooks share recipes by link' });
    expect(r).toEqual({
      ok: true,
      value: {
        title: 'Let cooks share recipes by link',
        fallback: true,
        source: null,
        warnings: [expect.stringMatching(/^title generation failed \(cli_not_found\)/)],
        meta: null,
      },
    });
  });
});
