import { join } from 'node:path';
import type { StoreProblem } from '../../shared/project';
import type { ProjectSettings } from '../../shared/stories';
import { writeFileAtomic } from '../core/atomicFile';
import { readRecord, recordText, type StoreContext } from './recordFile';
import { projectSettingsProblem } from './recordChecks';
import { SerialQueue } from './serialQueue';

export const DEFAULT_PROJECT_SETTINGS: ProjectSettings = { description: '', conventions: '' };

/** Per-project settings in the store's `project.json`: the context that goes into every prompt. */
export class ProjectSettingsRepo {
  readonly file: string;
  private readonly ctx: StoreContext;
  private current: ProjectSettings = { ...DEFAULT_PROJECT_SETTINGS };
  readonly problems: StoreProblem[] = [];
  private readonly queue = new SerialQueue();

  constructor(store: string | StoreContext) {
    this.ctx = typeof store === 'string' ? { dir: store } : store;
    this.file = join(this.ctx.dir, 'project.json');
  }

  async load(): Promise<ProjectSettings> {
    const read = await readRecord<Partial<ProjectSettings>>(this.ctx, this.file, projectSettingsProblem);
    if (read.value) this.current = { ...DEFAULT_PROJECT_SETTINGS, ...read.value };
    if (read.problem) this.problems.push(read.problem);
    return this.get();
  }

  get(): ProjectSettings {
    return { description: this.current.description, conventions: this.current.conventions };
  }

  update(patch: Partial<ProjectSettings>): Promise<ProjectSettings> {
    return this.queue.run(async () => {
      const next = { ...this.current };
      if (patch.description !== undefined) next.description = patch.description;
      if (patch.conventions !== undefined) next.conventions = patch.conventions;
      await writeFileAtomic(this.file, recordText(next));
      this.current = next;
      return this.get();
    });
  }
}
