// An API key stored with the keychain is used by the calls, and never written in plain text anywhere
// Puffin writes (settings.json, keys.json, the log file, .puffin/ with its history). The keychain here is a
// stand-in cipher; the provider is the real `openai` client against the loopback OpenAI-compatible mock.
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createRoot, type Root } from '../../src/main/app/core';
import type { KeyCipher } from '../../src/main/base/keyStore';
import { startMockOpenAiApi } from '../support/mockOpenAiApi';
import { mockPerTest } from '../support/llmMockTest';

const KEY = 'sk-stored-in-keychain-0123456789';
const slot = mockPerTest();
const xorCipher: KeyCipher = {
  encrypt: (s) => Buffer.from(Buffer.from(s, 'utf8').map((b) => b ^ 0x33)),
  decrypt: (b) => Buffer.from(b.map((x) => x ^ 0x33)).toString('utf8'),
};

let dirs: string[] = [];
let root: Root | undefined;
afterEach(async () => {
  await root?.dispose();
  root = undefined;
  await Promise.all(dirs.map((d) => rm(d, { recursive: true, force: true })));
  dirs = [];
});

async function tempDir(prefix: string) {
  const d = await mkdtemp(join(tmpdir(), prefix));
  dirs.push(d);
  return d;
}

async function everyFile(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
}

const ok = <T>(r: { ok: boolean; value?: unknown }): T => {
  expect(r.ok, JSON.stringify(r)).toBe(true);
  return r.value as T;
};

describe('API keys kept with the keychain', () => {
  it('answers a call with the stored key and writes it nowhere in plain text', async () => {
    const mock = slot.use(
      await startMockOpenAiApi({
        apiKey: KEY,
        models: ['gpt-4o-mini', 'gpt-4.1'],
        whenExhausted: { kind: 'answer', text: '{"ok":true}' },
      }),
    );
    const userDataDir = await tempDir('puffin-user-');
    const project = await tempDir('puffin-project-');
    root = await createRoot({
      userDataDir,
      platform: { face: 'electron', keyCipher: xorCipher },
      llm: { env: () => ({ PATH: process.env.PATH }) },
    });
    const call = (channel: string, payload: unknown) =>
      root!.dispatch(channel, payload, { face: 'electron' });

    const missing = ok<{ keys: { provider: string; source: string }[] }>(await call('keys:status', {}));
    expect(missing.keys.find((k) => k.provider === 'openai')?.source).toBe('missing');
    const stored = ok<{ keys: { provider: string; source: string }[] }>(
      await call('keys:set', { provider: 'openai', key: KEY }),
    );
    expect(stored.keys.find((k) => k.provider === 'openai')?.source).toBe('keychain');

    ok(
      await call('settings:update', {
        engines: {
          default: { provider: 'openai', model: 'gpt-4o-mini', mode: 'native' },
          workflows: {},
          baseUrls: { openai: mock.url },
        },
      }),
    );
    ok(await call('project:open', { path: project }));
    expect(ok<{ models: string[] }>(await call('engines:models', { provider: 'openai' })).models).toEqual([
      'gpt-4.1',
      'gpt-4o-mini',
    ]);
    expect(ok(await call('engines:test', { provider: 'openai', model: 'gpt-4o-mini' }))).toMatchObject({
      provider: 'openai',
      model: 'gpt-4o-mini',
      mode: 'native',
    });
    const run = ok<{ data: unknown }>(
      await call('prompt:run', {
        prompt: 'Say ok.',
        schema: { type: 'object', properties: { ok: { type: 'boolean' } }, required: ['ok'] },
      }),
    );
    expect(run.data).toEqual({ ok: true });
    // The mock refuses any other key: both calls carried the stored one.
    expect(mock.modelCalls().map((r) => r.headers.authorization)).toEqual([`Bearer ${KEY}`, `Bearer ${KEY}`]);

    await root.dispose();
    root = undefined;
    const files = [...(await everyFile(userDataDir)), ...(await everyFile(project))];
    expect(files.some((f) => f.endsWith('keys.json'))).toBe(true);
    expect(files.some((f) => f.endsWith('settings.json'))).toBe(true);
    for (const file of files) expect(await readFile(file, 'utf8'), file).not.toContain(KEY);
  });

  it('refuses to store a key where there is no keychain, naming the environment variable', async () => {
    root = await createRoot({ userDataDir: await tempDir('puffin-user-'), platform: { face: 'browser' } });
    const r = await root.dispatch('keys:set', { provider: 'gemini', key: 'g-key' }, { face: 'browser' });
    expect(r).toMatchObject({ ok: false, error: { code: 'keychain_unavailable' } });
    expect(JSON.stringify(r)).toContain('GEMINI_API_KEY');
    const view = await root.dispatch('keys:status', {}, { face: 'browser' });
    expect(view).toMatchObject({ ok: true, value: { canStore: false } });
  });
});
