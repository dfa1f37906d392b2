import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Generation } from '../../shared/stories';
import { HistoryRepo } from './historyRepo';
import { ProjectSettingsRepo } from './projectSettingsRepo';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'puffin-history-'));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

const gen = (id: string, createdAt: string): Generation => ({
  id,
  kind: 'derive',
  title: id,
  prompt: 'p',
  status: 'succeeded',
  createdAt,
  warnings: [],
  meta: {
    provider: 'claude-cli',
    cliVersion: '2.1.330',
    engineVersion: '2.1.330',
    costUsd: 0.01,
    turns: 2,
    durationMs: 10,
    sessionId: 's',
    model: null,
  },
});

describe('HistoryRepo', () => {
  it('lists newest first and keeps raw lines in a .raw.jsonl beside the record', async () => {
    const repo = new HistoryRepo(dir);
    await repo.put(gen('old', '2030-01-01T00:00:00Z'));
    await repo.put(gen('new', '2030-01-02T00:00:00Z'));
    // As History's recorder hands them over: strings, and a block of stdout bytes as it came.
    await repo.writeRawText('new', ['{"type":"system"}\n', Buffer.from('{"type":"result"}\n')]);
    const fresh = new HistoryRepo(dir);
    expect((await fresh.list()).map((g) => g.id)).toEqual(['new', 'old']);
    expect(await fresh.rawLines('new')).toEqual(['{"type":"system"}', '{"type":"result"}']);
    expect(await fresh.rawLines('old')).toEqual([]);
    expect(await readFile(join(dir, 'history', 'new.raw.jsonl'), 'utf8')).toBe(
      '{"type":"system"}\n{"type":"result"}\n',
    );
  });
});

describe('ProjectSettingsRepo', () => {
  it('persists description and conventions; concurrent updates both land', async () => {
    const repo = new ProjectSettingsRepo(dir);
    await repo.load();
    await Promise.all([repo.update({ description: 'D' }), repo.update({ conventions: 'C' })]);
    const fresh = new ProjectSettingsRepo(dir);
    expect(await fresh.load()).toEqual({ description: 'D', conventions: 'C' });
  });

  it('a corrupt project.json is kept aside and reported; defaults are used', async () => {
    const { writeFile, readdir } = await import('node:fs/promises');
    await writeFile(join(dir, 'project.json'), '[1,2');
    const repo = new ProjectSettingsRepo(dir);
    expect(await repo.load()).toEqual({ description: '', conventions: '' });
    expect(repo.problems[0]).toMatchObject({ file: 'project.json' });
    expect((await readdir(dir)).some((n) => n.startsWith('project.json.corrupt-'))).toBe(true);
  });
});
