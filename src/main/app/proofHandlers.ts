/** Handlers of the proof-of-done channels (src/shared/ipc/proofChannels.ts), on the opened project. */
import path from 'node:path';
import type { ResponseOf } from '../../shared/ipc/contract';
import type { VerifiedStory } from '../../shared/ipc/proofChannels';
import { isChecked, type StoryOutcome, type UnspecifiedStory } from '../../shared/verify';
import { writeFileAtomic } from '../base/atomicFile';
import type { Handlers } from './dispatcher';
import { ServiceError } from '../base/errors';
import { requireInsideProject } from '../base/insideProject';
import type { Emit, Services } from './services';
import { loadCostReport } from '../verify/boardLoader';
import { writeCiWorkflow } from '../verify/ciWorkflow';
import { toJUnitXml } from '../verify/junit';
import { installPrePushHook } from '../verify/prePushHook';
import { projectVerifySource } from '../verify/projectSource';
import { moveAndTell } from '../verify/statusFromVerdict';

type ProofChannel = 'verify:run' | 'hooks:install' | 'ci:init' | 'board:get' | 'costs:get';

function storyLine(s: StoryOutcome): VerifiedStory | UnspecifiedStory {
  if (!isChecked(s)) return s;
  return {
    id: s.id,
    title: s.title,
    status: s.status,
    summary: s.summary,
    failures: s.results.flatMap((r) =>
      r.status === 'pass' ? [] : [{ assertionId: r.assertionId, status: r.status, reason: r.reason }],
    ),
  };
}

export function proofHandlers(services: Services, emit: Emit): Pick<Handlers, ProofChannel> {
  const projectDir = (): string => {
    const p = services.projects.get();
    if (!p) throw new ServiceError('no_project', 'Open a project first.');
    return p.path;
  };
  return {
    'verify:run': async ({ sprintId, junit }, ctx): Promise<ResponseOf<'verify:run'>> => {
      const dir = projectDir();
      // The CLI's user may write the report anywhere; a page or a holder of the host's token only into the
      // project, checked through symbolic links before the run and again at the write (the run takes a while).
      const junitTarget = (p: string): Promise<string> | string =>
        ctx.face === 'cli' ? path.resolve(dir, p) : requireInsideProject(dir, p);
      const junitPath = junit ? await junitTarget(junit) : null;
      // Loaded by the command that uses it: the evaluators are heavy.
      const { verifyProject } = await import('../verify/verifyProject');
      const outcome = await verifyProject(dir, projectVerifySource(dir), { sprintId: sprintId ?? null });
      const { report } = outcome;
      await moveAndTell(services.projects.requireStore().stories, report.stories, emit);
      if (junitPath) {
        // Their titles name the suites of stories without a set: read from the backlog's index only for JUnit.
        const entries = await services.projects.requireStore().stories.index.entries();
        const titles = new Map(entries.map((e) => [e.id, e.title]));
        const xml = toJUnitXml(report, outcome.messages, titles);
        await writeFileAtomic(await junitTarget(junitPath), xml);
      }
      return {
        commit: report.commit,
        sprintId: report.sprintId,
        startedAt: report.startedAt,
        durationMs: report.durationMs,
        stories: report.stories.map(storyLine),
        regressions: report.regressions,
        drift: report.drift,
        counts: report.counts,
        summary: report.summary,
        junit: junitPath,
        warnings: outcome.warnings,
      };
    },
    'hooks:install': async ({ strict }) => {
      const { installMergeDriver } = await import('../team/mergeDriverInstall');
      const mergeDriver = await installMergeDriver(projectDir());
      return { ...(await installPrePushHook(projectDir(), { strict: strict ?? false })), mergeDriver };
    },
    'ci:init': () => writeCiWorkflow(projectDir()),
    'board:get': () => services.board.get(),
    'costs:get': () => loadCostReport(projectDir(), services.projects.requireStore()),
  };
}
