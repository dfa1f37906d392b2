/**
 * Specs for code that already exists: a grounded, recorded call describes what the code does as stories, each
 * with checks; the checks are run at once and only those that pass are kept, as guards. The stories enter the
 * backlog done (their guards pass), and the passing run is recorded with the commit, so a guard that later fails
 * is a regression verify reports with the commit it last passed at.
 */
import { randomUUID } from 'node:crypto';
import type { Assertion } from '../../shared/assertions';
import { EMPTY_META, type Generation } from '../../shared/stories';
import { evaluateAssertions } from '../assertions/evaluate';
import { readGitCommit } from '../assertions/gitCommit';
import type { CallContext } from '../core/dispatcher';
import { ServiceError } from '../core/errors';
import { requireInsideProject } from '../core/insideProject';
import type { Emit, Services } from '../core/services';
import { recordCall } from '../services/historyRecorder';
import { FOLDERS } from '../store/folders';
import { RecordFolder } from '../store/recordFolder';
import type { ReverseAnswer } from '../../shared/ipc/formatChannels';
import type { StoredAssertionSet } from '../../shared/schema-types';
import { withFingerprints } from '../verify/drift';
import { projectVerifySource } from '../verify/projectSource';
import { moveAndTell } from '../verify/statusFromVerdict';
import { runWorkflow } from '../workflows/run';

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
  const initial: Generation = {
    id: randomUUID(),
    kind: 'reverse',
    title: `Describe existing code · ${req.path || 'the project'}`,
    prompt: `Describe the code ${req.path ? `under ${req.path}` : 'of the project'} as at most ${max} stories, with guards.`,
    status: 'running',
    createdAt: new Date().toISOString(),
    warnings: [],
    meta: { ...EMPTY_META },
  };
  const outcome = await recordCall(
    {
      logger: services.logBus.logger('reverse'),
      now: () => new Date(),
      onChanged: (g) => emit('history:changed', g),
      onActivity: (e) => emit('call:activity', e),
    },
    store,
    initial,
    (sinks) =>
      runWorkflow(
        services,
        'describeCode',
        { project: settings, ...(req.path ? { path: req.path } : {}), max },
        {
          ...(grounding ? { grounding } : {}),
          ...(ctx.signal ? { signal: ctx.signal } : {}),
          onEngineEvent: sinks.onEngineEvent,
          onRetry: sinks.onRetry,
        },
      ),
  );
  if (!outcome.ok) throw outcome.error;
  const described = outcome.result.data.slice(0, max);

  const answer: ReverseAnswer = {
    generationId: initial.id,
    commit: await readGitCommit(dir),
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

  // Accepting from the generation is idempotent: a rerun of this step adds each story once.
  await store.stories.accept(
    kept.map((k) => k.draft),
    initial.id,
  );
  const all = await store.stories.list();
  const sets = new RecordFolder<StoredAssertionSet>(store.ctx, FOLDERS.assertions);
  const source = projectVerifySource(dir);
  for (const k of kept) {
    const story = all.find((s) => s.generationId === initial.id && s.title === k.draft.title);
    if (!story) continue;
    await sets.put({
      storyId: story.id,
      assertions: k.guards as unknown as StoredAssertionSet['assertions'],
    });
    await source.record(
      story.id,
      withFingerprints(k.run, k.guards as unknown as Parameters<typeof withFingerprints>[1]),
    );
    answer.stories.push({ id: story.id, title: story.title, guards: k.guards.map((g) => g.id) });
  }
  await moveAndTell(
    store.stories,
    answer.stories.map((s) => ({ id: s.id, status: 'verified' as const })),
    emit,
  );
  return answer;
}
