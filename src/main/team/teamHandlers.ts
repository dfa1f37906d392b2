/** Handlers of a team's channels (src/shared/ipc/teamChannels.ts). */
import path from 'node:path';
import { writeFileAtomic } from '../base/atomicFile';
import type { Handlers } from '../app/dispatcher';
import { ServiceError } from '../base/errors';
import { requireInsideProject } from '../base/insideProject';
import type { Services } from '../app/services';
import { storeDir } from '../store/folders';

type TeamChannel = 'team:merge' | 'conflicts:list' | 'team:status' | 'team:overlap';

export function teamHandlers(services: Services): Pick<Handlers, TeamChannel> {
  const projectDir = (): string => {
    const p = services.projects.get();
    if (!p) throw new ServiceError('no_project', 'Open a project first.');
    return p.path;
  };
  return {
    'team:merge': async (files, ctx) => {
      // It writes the files it is named: git's call (the command line), never a page's.
      if (ctx.face !== 'cli')
        throw new ServiceError(
          'not_supported',
          'Only git runs the merge driver, through `puffin merge-driver`.',
        );
      const { mergeRecordFiles } = await import('./mergeDriver');
      return mergeRecordFiles(files);
    },
    'conflicts:list': async () => {
      const { listConflicts } = await import('./conflictStore');
      return { conflicts: await listConflicts(storeDir(projectDir())) };
    },
    'team:status': async ({ branches }) => {
      const { teamStatus } = await import('./branchStatus');
      return teamStatus(projectDir(), branches);
    },
    'team:overlap': async ({ branches, junit, strict }, ctx) => {
      const dir = projectDir();
      const target = (p: string) =>
        ctx.face === 'cli' ? path.resolve(dir, p) : requireInsideProject(dir, p);
      const junitPath = junit ? await target(junit) : null;
      const { findOverlaps } = await import('./overlap');
      const found = await findOverlaps(dir, branches);
      if (junitPath) {
        const { overlapJUnitXml } = await import('./overlapJunit');
        await writeFileAtomic(await target(junitPath), overlapJUnitXml(found.branches, found.overlaps));
      }
      return { ...found, junit: junitPath, strict: strict ?? false };
    },
  };
}
