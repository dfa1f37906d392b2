/**
 * Handlers of the assertion channels (src/shared/ipc/assertionChannels.ts). In app/ rather than beside the
 * assertions service: a run moves the story's status (verify/) and a folder is checked per face (faceReach).
 */
import type { assertionSchemas } from '../../shared/ipc/assertionChannels';
import { evaluateSet } from '../assertions/evaluateSet';
import { moveAndTell, verdictOfView } from '../verify/statusFromVerdict';
import type { Handlers } from './dispatcher';
import { folderForFace } from './faceReach';
import type { Emit, FacePlatform, Services } from './services';

export function assertionHandlers(
  services: Services,
  platform: FacePlatform,
  emit: Emit,
): Pick<Handlers, keyof typeof assertionSchemas> {
  const { projects, assertions } = services;
  return {
    'assertions:list': () => assertions.list(),
    'assertions:run': async ({ storyId, assertionIds }) => {
      const view = await assertions.run(storyId, assertionIds);
      const verdict = { id: storyId, status: verdictOfView(view) };
      await moveAndTell(projects.requireStore().stories, [verdict], emit);
      return view;
    },
    'assertions:openLocation': async ({ file }) => {
      // Revealed, not opened: the location comes from stored results, which a cloned repository can ship.
      const path = await assertions.resolveLocation(file);
      if (!platform.revealPath) return { opened: false, path };
      await platform.revealPath(path);
      return { opened: true, path };
    },
    'assertions:evaluate': async (req, ctx) =>
      evaluateSet({ ...req, project: await folderForFace(ctx, projects.get()?.path, req.project) }),
  };
}
