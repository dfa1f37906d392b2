/**
 * Which folders a caller may name. The headless command line runs as its user, in folders its user chose, so it may
 * name any. The desktop app and the browser host act for a page: a page (or a holder of the host's token) reaches
 * only the open project, or a script in it could read `/etc` through the engine's read tools or an assertion.
 */
import type { CallContext } from './dispatcher';
import { ServiceError } from './errors';
import { requireInsideProject } from './insideProject';
import type { ProjectService } from './projectService';

export async function folderForFace(
  folder: string,
  ctx: Pick<CallContext, 'face'>,
  projects: Pick<ProjectService, 'get'>,
): Promise<string> {
  if (ctx.face === 'cli' || ctx.face === 'test') return folder;
  const open = projects.get();
  if (!open)
    throw new ServiceError('no_project', 'Open a project first: this face reaches only the open project.');
  return requireInsideProject(open.path, folder);
}
