// verify over a real git repository: assertions pass, a commit breaks one (regressed, naming the commit where it last
// passed), a commit fixes it. Stories and assertions are stored the way the app stores them.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isChecked } from '../../shared/verify';
import { createGitFixture, type GitFixture } from '../../../test/support/gitFixture';
import { validateJUnit } from '../../../test/support/junitSchema';
import { readHistory } from '../assertions/resultStore';
import { PlanStore } from '../plans/planStore';
import { StoriesRepo } from '../store/storiesRepo';
import { toJUnitXml } from './junit';
import { projectVerifySource, SprintNotFoundError } from './projectSource';
import { verifyFailed, verifyProject } from './verifyProject';

let repo: GitFixture;
let ids: { load: string; save: string; later: string };

async function storeAssertions(storyId: string, assertions: unknown[]): Promise<void> {
  const dir = path.join(repo.dir, '.puffin', 'assertions');
  await mkdir(dir, { recursive: true });
  await writeFile(path.join(dir, `${storyId}.json`), JSON.stringify({ storyId, assertions }));
}

beforeEach(async () => {
  repo = await createGitFixture('puffin-verify-');
  const stories = await new StoriesRepo(path.join(repo.dir, '.puffin')).accept([
    { title: 'Load settings', description: 'd', acceptanceCriteria: ['loads'] },
    { title: 'Save settings', description: 'd', acceptanceCriteria: ['saves'] },
    { title: 'Later', description: 'd', acceptanceCriteria: ['someday'] },
  ]);
  ids = { load: stories[0]!.id, save: stories[1]!.id, later: stories[2]!.id };
  await storeAssertions(ids.load, [
    {
      id: 'load-fn',
      type: 'FUNCTION_SIGNATURE',
      target: 'src/settings.ts',
      message: 'exports loadSettings(file)',
      assertion: { function_name: 'loadSettings', parameters: ['file'], exported: true },
    },
    { id: 'load-file', type: 'FILE_EXISTS', target: 'src/settings.ts', message: 'settings module exists' },
  ]);
  await storeAssertions(ids.save, [
    {
      id: 'save-export',
      type: 'EXPORT_EXISTS',
      target: 'src/settings.ts',
      message: 'exports saveSettings',
      assertion: { exports: [{ name: 'saveSettings', type: 'function' }] },
    },
  ]);
  await repo.write({
    'src/settings.ts':
      'export function loadSettings(file: string) { return file; }\nexport function saveSettings() {}\n',
  });
});
afterEach(() => repo.cleanup());

describe('verifyProject on a git repository', () => {
  it('verified → regressed (naming the commit where it last passed) → verified again', async () => {
    const source = projectVerifySource(repo.dir);
    const good = await repo.commit('implement settings');
    const first = await verifyProject(repo.dir, source);
    expect(first.report.commit).toBe(good);
    expect(first.report.stories.map((s) => [s.id, s.status])).toEqual([
      [ids.load, 'verified'],
      [ids.save, 'verified'],
      [ids.later, 'unspecified'],
    ]);
    expect(verifyFailed(first.report)).toBe(false);

    await repo.write({
      'src/settings.ts': 'export function loadSettings() { return 1; }\nexport function saveSettings() {}\n',
    });
    const broken = await repo.commit('drop the file parameter');
    const second = await verifyProject(repo.dir, source);
    expect(second.report.commit).toBe(broken);
    expect(second.report.stories.map((s) => s.status)).toEqual(['regressed', 'verified', 'unspecified']);
    expect(second.report.regressions).toEqual([
      expect.objectContaining({
        storyId: ids.load,
        assertionId: 'load-fn',
        message: 'exports loadSettings(file)',
        lastPassedCommit: good,
      }),
    ]);
    expect(verifyFailed(second.report)).toBe(true);
    const xml = toJUnitXml(second.report, second.messages);
    expect(validateJUnit(xml).problems).toEqual([]);
    expect(xml).toContain(`regressed: last passed at commit ${good.slice(0, 12)}`);

    // Still broken one commit later: it still names the last commit where it passed, not the previous run.
    await repo.write({ 'README.md': 'docs' });
    await repo.commit('docs');
    const third = await verifyProject(repo.dir, source);
    expect(third.report.regressions.map((r) => r.lastPassedCommit)).toEqual([good]);

    await repo.write({
      'src/settings.ts':
        'export function loadSettings(file: string) { return file; }\nexport function saveSettings() {}\n',
    });
    const fixed = await repo.commit('restore the parameter');
    const fourth = await verifyProject(repo.dir, source);
    expect(fourth.report.stories.map((s) => s.status)).toEqual(['verified', 'verified', 'unspecified']);
    expect(fourth.report.regressions).toEqual([]);
    expect(verifyFailed(fourth.report)).toBe(false);

    const history = await readHistory(repo.dir, ids.load);
    expect(history.kind === 'ok' && history.history.runs.map((r) => r.commit)).toEqual([
      good,
      broken,
      expect.any(String),
      fixed,
    ]);
  });

  it('a story whose assertions never passed is failing, and counts say how many of each', async () => {
    await repo.commit('without saveSettings');
    await repo.write({ 'src/settings.ts': 'export function loadSettings(file: string) { return file; }\n' });
    const { report } = await verifyProject(repo.dir, projectVerifySource(repo.dir));
    expect(report.stories.find((s) => s.id === ids.save)?.status).toBe('failing');
    expect(report.counts).toEqual({ verified: 1, failing: 1, regressed: 0, unspecified: 1 });
    expect(report.summary).toEqual({ total: 3, passed: 2, failed: 1, errors: 0 });
  });

  it('--sprint limits the run to the sprint’s stories; an unknown sprint is a typed not_found', async () => {
    const plans = new PlanStore(path.join(repo.dir, '.puffin'));
    const at = new Date().toISOString();
    await plans.sprints.put({
      id: 'sprint-1',
      title: 'S',
      storyIds: [ids.save],
      status: 'open',
      createdAt: at,
      updatedAt: at,
    });
    const { report } = await verifyProject(repo.dir, projectVerifySource(repo.dir), { sprintId: 'sprint-1' });
    expect(report.sprintId).toBe('sprint-1');
    expect(report.stories.map((s) => s.id)).toEqual([ids.save]);
    const err = await verifyProject(repo.dir, projectVerifySource(repo.dir), { sprintId: 'nope' }).catch(
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(SprintNotFoundError);
    expect((err as SprintNotFoundError).code).toBe('not_found');
  });

  it('an unreadable assertions file fails that story with a warning and the others still run', async () => {
    await writeFile(path.join(repo.dir, '.puffin', 'assertions', `${ids.save}.json`), '{not json');
    const { report, warnings } = await verifyProject(repo.dir, projectVerifySource(repo.dir));
    const save = report.stories.find((s) => s.id === ids.save)!;
    expect(save.status).toBe('failing');
    expect(isChecked(save) && save.results[0]!.reason).toMatch(
      /^assertions cannot be read: .*not valid JSON/,
    );
    expect(warnings).toHaveLength(1);
    expect(report.stories.find((s) => s.id === ids.load)?.status).toBe('verified');
  });
});
