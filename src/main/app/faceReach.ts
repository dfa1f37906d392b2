/**
 * What a face may reach with a folder named in a request. The command line's user may name any folder (a CI gate
 * evaluates a checkout); the desktop app and the browser host, where the request comes from a page (or from whoever
 * holds the host's token), reach only the open project, as proofHandlers does for the JUnit path.
 */
import type { CallContext } from './dispatcher';
import { ServiceError } from '../base/errors';
import { requireInsideProject } from '../base/insideProject';

/** The folder to use: as given for the command line; for the app and the host, inside the open project or refused. */
export async function folderForFace(
  ctx: CallContext,
  openProject: string | undefined,
  folder: string,
): Promise<string> {
  if (ctx.face !== 'electron' && ctx.face !== 'browser') return folder;
  if (!openProject)
    throw new ServiceError('no_project', 'Open a project first: the app reaches only the open project.');
  return requireInsideProject(openProject, folder);
}
