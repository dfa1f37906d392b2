import { readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AssertionRun } from '../../shared/assertions';
import { firstPassed, latestResults } from './history';
import { appendRun, readHistory, resultsPath } from './resultStore';
import { withTempDir } from '../../../test/support/assertions/assertionFixtures';

function run(
  startedAt: string,
  commit: string | null,
  statuses: Record<string, 'pass' | 'fail' | 'error'>,
): AssertionRun {
  const results = Object.entries(statuses).map(([assertionId, status]) => ({
    assertionId,
    status,
    reason: status,
    durationMs: 1,
  }));
  return {
    startedAt,
    durationMs: 1,
    commit,
    results,
    summary: { total: 0, passed: 0, failed: 0, errors: 0 },
  };
}

describe('result store', () => {
  it('appends runs to the story history and derives when each assertion first passed', async () => {
    await withTempDir(async (project) => {
      await appendRun(project, 'S1', run('2025-01-01T00:00:00.000Z', 'aaa', { a: 'fail', b: 'fail' }));
      await appendRun(project, 'S1', run('2025-01-02T00:00:00.000Z', 'bbb', { a: 'pass', b: 'fail' }));
      const out = await appendRun(
        project,
        'S1',
        run('2025-01-03T00:00:00.000Z', 'ccc', { a: 'fail', b: 'pass' }),
      );
      expect(out.path).toBe(path.join(project, '.puffin', 'assertions', 'results', 'S1.json'));
      const read = await readHistory(project, 'S1');
      if (read.kind !== 'ok') throw new Error(`expected ok, got ${read.kind}`);
      expect(read.history.runs).toHaveLength(3);
      expect(firstPassed(read.history)).toEqual({
        a: { at: '2025-01-02T00:00:00.000Z', commit: 'bbb' },
        b: { at: '2025-01-03T00:00:00.000Z', commit: 'ccc' },
      });
      expect(latestResults(read.history).a?.status).toBe('fail');
      // No temp files are left behind by the atomic writes.
      expect(await readdir(path.dirname(out.path))).toEqual(['S1.json']);
    });
  });

  it('an append over an unreadable file keeps it aside, reports it and starts a fresh history', async () => {
    await withTempDir(async (project) => {
      const file = resultsPath(project, 'S2');
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, '{"storyId": "S2", "runs": [');
      const out = await appendRun(project, 'S2', run('2025-01-01T00:00:00.000Z', null, { a: 'pass' }));
      expect(out.movedAside?.reason).toMatch(/^not valid JSON/);
      expect(path.basename(out.movedAside!.path)).toMatch(/^S2\.json\.corrupt-\d{4}-\d\d-\d\dT/);
      expect(await readFile(out.movedAside!.path, 'utf8')).toBe('{"storyId": "S2", "runs": [');
      expect(out.history.runs).toHaveLength(1);
    });
  });

  it('a read of an unreadable file keeps it aside at once (the store rule) and says where', async () => {
    await withTempDir(async (project) => {
      const file = resultsPath(project, 'S3');
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, JSON.stringify({ storyId: 'other', runs: [] }));
      const read = await readHistory(project, 'S3');
      expect(read).toEqual({
        kind: 'corrupt',
        reason: 'its "storyId" "other" does not match the file name S3.json',
        keptAs: expect.stringMatching(/S3\.json\.corrupt-/),
      });
      expect(read.kind === 'corrupt' && JSON.parse(await readFile(read.keptAs, 'utf8'))).toEqual({
        storyId: 'other',
        runs: [],
      });
      expect(await readHistory(project, 'S3')).toEqual({ kind: 'missing' });
      const out = await appendRun(project, 'S3', run('2025-01-01T00:00:00.000Z', null, { a: 'pass' }));
      expect(out.movedAside).toBeUndefined();
    });
  });

  it('keeps concurrent appends (serialized per file)', async () => {
    await withTempDir(async (project) => {
      await Promise.all(
        Array.from({ length: 8 }, (_, i) =>
          appendRun(project, 'S4', run(`2025-01-0${i + 1}T00:00:00.000Z`, null, { a: 'fail' })),
        ),
      );
      const read = await readHistory(project, 'S4');
      expect(read.kind === 'ok' && read.history.runs.length).toBe(8);
    });
  });

  it('refuses story ids that could leave the results folder', () => {
    expect(() => resultsPath('/p', '../x')).toThrow(/invalid story id/);
    expect(() => resultsPath('/p', 'a/b')).toThrow(/invalid story id/);
    expect(() => resultsPath('/p', '')).toThrow(/invalid story id/);
  });
});
