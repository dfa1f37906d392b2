/**
 * Specs for code that already exists: a grounded, recorded call describes what the code does as stories, each
 * with checks; the checks are run at once and only those that pass are kept, as guards. The stories enter the
 * backlog done (their guards pass), and the passing run is recorded with the commit, so a guard that later fails
 * is a regression verify reports with the commit it last passed at.
 */
import type { Assertion } from '../../shared/assertions';
import { evaluateAssertions } from '../assertions/evaluate';
import { headCommit } from '../base/gitRepo';
import type { CallContext } from '../app/dispatcher';
import { ServiceError } from '../base/errors';
import { requireInsideProject } from '../base/insideProject';
import type { Emit, Services } from '../app/services';
import { FOLDERS } from '../store/folders';
import { RecordFolder } from '../store/recordFolder';
import type { ReverseAnswer } from '../../shared/ipc/formatChannels';
import type { StoredAssertionSet } from '../../shared/schema-types';
import { withFingerprints } from '../verify/drift';
import { projectVerifySource } from '../verify/projectSource';
import { moveAndTell } from '../verify/statusFromVerdict';

export const REVERSE_MAX_DEFAULT = 10;

export async function reverseStories(
  services: Services,
  emit: Emit,
  req: { path?: string; max?: number },
  ctx: CallContext,
): Promise<ReverseAnswer> {
  const project = services.projects.get();
  if (!project) throw new ServiceError('no_project', 'Open a project first.');
  const dir = project.path;
  const store = services.projects.requireStore();
  if (req.path) await requireInsideProject(dir, req.path);
  const settings = store.settings.get();
  const grounding = await services.grounding(dir, settings);
  const max = req.max ?? REVERSE_MAX_DEFAULT;
  // Recorded in History by the root's workflow runner, like every workflow with a history kind.
  const result = await services.workflows.run(
    'describeCode',
    { project: settings, ...(req.path ? { path: req.path } : {}), max },
    { ...(grounding ? { grounding } : {}), ...(ctx.signal ? { signal: ctx.signal } : {}) },
  );
  const described = result.data.slice(0, max);

  const answer: ReverseAnswer = {
    commit: await headCommit(dir),
    stories: [],
    dropped: [],
    discarded: [],
  };
  const kept: {
    draft: (typeof described)[number]['draft'];
    guards: Assertion[];
    run: Awaited<ReturnType<typeof evaluateAssertions>>;
  }[] = [];
  for (const s of described) {
    const run = await evaluateAssertions(dir, s.assertions);
    const passing = new Set(run.results.filter((r) => r.status === 'pass').map((r) => r.assertionId));
    for (const r of run.results)
      if (r.status !== 'pass')
        answer.discarded.push({ story: s.draft.title, assertion: r.assertionId, reason: r.reason });
    const guards = s.assertions.filter((a) => passing.has(a.id));
    if (guards.length === 0) {
      answer.dropped.push({ title: s.draft.title, reason: 'none of its checks passes on the code as it is' });
      continue;
    }
    const guardRun = { ...run, results: run.results.filter((r) => passing.has(r.assertionId)) };
    guardRun.summary = { total: guards.length, passed: guards.length, failed: 0, errors: 0 };
    kept.push({ draft: s.draft, guards, run: guardRun });
  }
  if (kept.length === 0) return answer;

  const added = await store.stories.accept(kept.map((k) => k.draft));
  const sets = new RecordFolder<StoredAssertionSet>(store.ctx, FOLDERS.assertions);
  const source = projectVerifySource(dir);
  for (const [i, k] of kept.entries()) {
    const story = added[i];
    if (!story) continue;
    await sets.put({
      storyId: story.id,
      assertions: k.guards,
    });
    await source.record(story.id, withFingerprints(k.run, k.guards));
    answer.stories.push({ id: story.id, title: story.title, guards: k.guards.map((g) => g.id) });
  }
  await moveAndTell(
    store.stories,
    answer.stories.map((s) => ({ id: s.id, status: 'verified' as const })),
    emit,
  );
  return answer;
}
