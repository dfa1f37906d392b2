import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
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
  it('lists newest first and keeps raw lines in a .raw.jsonl beside the record, written as they come', async () => {
    const repo = new HistoryRepo(dir);
    await repo.put(gen('old', '2030-01-01T00:00:00Z'));
    await repo.put(gen('new', '2030-01-02T00:00:00Z'));
    // As History's recorder hands them over: strings, and a block of stdout bytes as it came.
    const file = repo.openRawText('new');
    file.write(['{"type":"system"}\n']);
    await file.written();
    expect(await repo.rawLines('new')).toEqual(['{"type":"system"}']); // readable while the run goes on
    await file.finish([Buffer.from('{"type":"result"}\n')]);
    const fresh = new HistoryRepo(dir);
    expect((await fresh.list()).map((g) => g.id)).toEqual(['new', 'old']);
    expect(await fresh.rawLines('new')).toEqual(['{"type":"system"}', '{"type":"result"}']);
    expect(await fresh.rawLines('old')).toEqual([]);
    expect(await readFile(join(dir, 'local', 'history', 'new.raw.jsonl'), 'utf8')).toBe(
      '{"type":"system"}\n{"type":"result"}\n',
    );
    expect((await readdir(join(dir, 'local', 'history'))).sort()).toEqual([
      'new.json',
      'new.raw.jsonl',
      'old.json',
    ]);
  });

  it('keeps the raw lines a crashed run wrote: its record is marked interrupted, its lines made final', async () => {
    const repo = new HistoryRepo(dir);
    await repo.put({
      ...gen('crashed', '2030-01-01T00:00:00Z'),
      status: 'running',
      owner: { pid: 1, host: 'h', startedAt: '2030-01-01T00:00:00Z' },
    });
    const file = repo.openRawText('crashed');
    file.write(['{"type":"system"}\n', Buffer.from('{"type":"stream_event"}\n')]);
    await file.written();
    // The run ends with its Puffin (file never finished); the next Puffin opens the store.
    const fresh = new HistoryRepo(dir);
    await fresh.markInterrupted(new Date('2030-01-02T00:00:00Z'), () => false);
    expect(await fresh.get('crashed')).toMatchObject({ status: 'failed', error: { code: 'interrupted' } });
    expect(await fresh.rawLines('crashed')).toEqual(['{"type":"system"}', '{"type":"stream_event"}']);
    expect(await readdir(join(dir, 'local', 'history'))).toContain('crashed.raw.jsonl');
    await file.discard();
  });

  it('at open ends only the killed runs that wrote raw lines, found by name, leaving the rest to the first read', async () => {
    const repo = new HistoryRepo(dir);
    const owner = { pid: 1, host: 'h', startedAt: '2030-01-01T00:00:00Z' };
    await repo.put({ ...gen('wrote', '2030-01-01T00:00:00Z'), status: 'running', owner });
    await repo.put({ ...gen('silent', '2030-01-01T00:00:01Z'), status: 'running', owner });
    const file = repo.openRawText('wrote');
    file.write(['{"type":"system"}\n']);
    await file.written();
    const fresh = new HistoryRepo(dir);
    const ended = await fresh.endRunsWithLines(new Date('2030-01-02T00:00:00Z'), () => false);
    expect(ended.map((g) => g.id)).toEqual(['wrote']);
    expect(await fresh.records.get('wrote')).toMatchObject({
      status: 'failed',
      error: { code: 'interrupted' },
    });
    expect(await fresh.records.get('silent')).toMatchObject({ status: 'running' });
    await file.discard();
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
