import { join } from 'node:path';
import type { StoreProblem } from '../../shared/project';
import type { ProjectSettings } from '../../shared/stories';
import { serializeOnPath, writeFileAtomicNow } from '../base/atomicFile';
import { checkedText, readRecord, type RecordRead, type StoreContext } from './recordFile';
import { recordCheck } from './recordSchemas';
import { SerialQueue } from './serialQueue';

const check = recordCheck('project-settings');

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
    this.current = this.taken(await readRecord<ProjectSettings>(this.ctx, this.file, check));
    return this.get();
  }

  get(): ProjectSettings {
    return known(this.current);
  }

  /**
   * Applies the patch to project.json as it is on disk now, read again in the file's queue: another face (the
   * browser host, the headless CLI) may have saved it since it was loaded here, and its change must not be undone.
   */
  update(patch: Partial<ProjectSettings>): Promise<ProjectSettings> {
    return this.queue.run(async () => {
      await this.ctx.beforeWrite?.();
      return serializeOnPath(this.file, async () => {
        const onDisk = this.taken(await readRecord<ProjectSettings>(this.ctx, this.file, check, true));
        const next = known({ ...onDisk, ...definedOnly(patch) });
        await writeFileAtomicNow(this.file, checkedText('project.json', next, check));
        this.current = next;
        return this.get();
      });
    });
  }

  /** The settings a read found (the defaults when the file is missing or was kept aside, which is reported). */
  private taken(read: RecordRead<ProjectSettings>): ProjectSettings {
    if (read.problem) this.problems.push(read.problem);
    return { ...DEFAULT_PROJECT_SETTINGS, ...read.value };
  }
}

/** A copy with only the known fields, the optional ones only when set (unknown keys in the file are dropped). */
function known(s: ProjectSettings): ProjectSettings {
  return {
    description: s.description,
    conventions: s.conventions,
    ...(s.stack !== undefined ? { stack: s.stack } : {}),
    ...(s.neverTouch !== undefined ? { neverTouch: [...s.neverTouch] } : {}),
    ...(s.allowSensitive !== undefined ? { allowSensitive: [...s.allowSensitive] } : {}),
  };
}

function definedOnly(patch: Partial<ProjectSettings>): Partial<ProjectSettings> {
  return Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined));
}
