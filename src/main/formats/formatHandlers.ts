/** Handlers of the spec-format channels (src/shared/ipc/formatChannels.ts), on the opened project. */
import path from 'node:path';
import type { Handlers } from '../app/dispatcher';
import { requireInsideProject } from '../base/insideProject';
import type { Emit, Services } from '../app/services';
import { PlanStore } from '../plans/planStore';
import { sprintDetail } from '../plans/sprintDetail';

type FormatChannel = 'spec:export' | 'spec:import' | 'stories:reverse';

export function formatHandlers(services: Services, emit: Emit): Pick<Handlers, FormatChannel> {
  const open = () => {
    const project = services.projects.get();
    const store = services.projects.requireStore();
    return { dir: project!.path, store, plans: new PlanStore(store.dir, undefined, store.ctx.onProblem) };
  };
  // The command line's user may name any folder; a page or a holder of the host's token only the project's.
  const reach = (face: string, dir: string, p: string) =>
    face === 'cli' ? path.resolve(dir, p) : requireInsideProject(dir, p);
  return {
    'stories:reverse': async (req, ctx) => {
      const { reverseStories } = await import('../reverse/reverseStories');
      return reverseStories(services, emit, req, ctx);
    },
    'spec:export': async ({ sprintId, format, out }, ctx) => {
      const p = open();
      const target = await reach(ctx.face, p.dir, out ?? '.');
      const { exportSpec } = await import('./exportSpec');
      const detail = await sprintDetail({ path: p.dir, store: p.store, plans: p.plans }, sprintId);
      // Short ids among the whole backlog, from its index: an export never reads every story.
      const ids = detail.stories.map((s) => s.id);
      const short = await p.store.stories.index.read((backlog) => backlog.shortIds(ids));
      const r = await exportSpec(detail, format, target, short);
      const rel = path.relative(p.dir, r.out);
      const inside = !rel.startsWith('..') && !path.isAbsolute(rel);
      return { format, out: inside ? rel.split(path.sep).join('/') || '.' : r.out, files: r.files };
    },
    'spec:import': async ({ format, path: target }, ctx) => {
      const p = open();
      const where = await reach(ctx.face, p.dir, target);
      const { readSpecPath } = await import('./readSpecPath');
      const { applyImport } = await import('./applyImport');
      const specs = await readSpecPath(format, where);
      const r = await applyImport(format, specs, {
        stories: p.store.stories,
        plans: p.plans,
        store: p.store.ctx,
        now: () => new Date(),
      });
      const changed = r.stories
        .filter((s) => s.action === 'created' || s.action === 'updated')
        .map((s) => s.id);
      if (changed.length > 0) {
        const stories = await Promise.all(changed.map((id) => p.store.stories.records.current(id)));
        emit('stories:changed', { changed: stories.filter((s) => s !== undefined), deleted: [] });
      }
      emit('sprints:changed', await p.plans.listSprints());
      return r;
    },
  };
}
