// What a composition root keeps in memory for its requests is its own: two roots in one process (two faces in a
// test, say) never share compiled validators, and dispose lets go of them (repo maps live in the project's cache on disk).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeClaudeEnv } from '../../../test/support/fakeCli';
import { createFakeClaudeRoot, type FakeClaudeRoot } from '../../../test/support/fakeClaudeRoot';

let dir: string;
let a: FakeClaudeRoot;
let b: FakeClaudeRoot;

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-root-owned-'));
  await mkdir(join(dir, 'a'));
  await mkdir(join(dir, 'b'));
  await mkdir(join(dir, 'code'));
  await writeFile(join(dir, 'code', 'index.ts'), 'export const answer = 42;\n');
  a = await createFakeClaudeRoot(join(dir, 'a'));
  b = await createFakeClaudeRoot(join(dir, 'b'));
});
afterEach(async () => {
  await Promise.all([a.root.dispose(), b.root.dispose()]);
  await rm(dir, { recursive: true, force: true });
});

describe('state inside the root', () => {
  it('a grounded prompt fills only its own root’s validators; dispose empties them', async () => {
    const before = b.root.owned.validators.size;
    Object.assign(a.env, fakeClaudeEnv({ scenario: 'happy', output: { answer: 42 } }));
    const schema = {
      type: 'object',
      additionalProperties: false,
      required: ['answer'],
      properties: { answer: { type: 'integer', minimum: 41 } },
    };
    const r = await a.root.dispatch(
      'prompt:run',
      { prompt: 'What is the answer?', schema, project: join(dir, 'code') },
      { face: 'cli' },
    );
    expect(r.ok && (r.value as { data: unknown }).data).toEqual({ answer: 42 });

    expect(a.root.owned.validators.size).toBeGreaterThan(0);
    expect(b.root.owned.validators).not.toBe(a.root.owned.validators);
    expect(b.root.owned.validators.size).toBe(before);

    await a.root.dispose();
    expect(a.root.owned.validators.size).toBe(0);
  });
});
