import { join } from 'node:path';
import type { ProjectSettings } from '../../shared/stories';
import { readJsonOrQuarantine, writeFileAtomic } from '../core/atomicFile';
import type { RecordProblem } from './recordStore';
import { SerialQueue } from './serialQueue';

export const DEFAULT_PROJECT_SETTINGS: ProjectSettings = { description: '', conventions: '' };

function settingsProblem(v: unknown): string | null {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return 'project.json must be a JSON object';
  const s = v as Record<string, unknown>;
  for (const key of ['description', 'conventions'])
    if (s[key] !== undefined && typeof s[key] !== 'string') return `"${key}" must be a string`;
  return null;
}

/** Per-project settings in `.puffin/project.json`: the context that goes into every prompt. */
export class ProjectSettingsRepo {
  readonly file: string;
  private current: ProjectSettings = { ...DEFAULT_PROJECT_SETTINGS };
  readonly problems: RecordProblem[] = [];
  private readonly queue = new SerialQueue();

  constructor(storeDir: string) {
    this.file = join(storeDir, 'project.json');
  }

  async load(): Promise<ProjectSettings> {
    const read = await readJsonOrQuarantine<Partial<ProjectSettings>>(this.file, settingsProblem);
    if (read.kind === 'ok') this.current = { ...DEFAULT_PROJECT_SETTINGS, ...read.value };
    if (read.kind === 'corrupt')
      this.problems.push({ file: 'project.json', keptAs: read.keptAs, reason: read.reason });
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
      await writeFileAtomic(this.file, JSON.stringify(next, null, 2) + '\n');
      this.current = next;
      return this.get();
    });
  }
}
