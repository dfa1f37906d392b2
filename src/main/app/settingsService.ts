import { join } from 'node:path';
import { sanitizeEngineSettings } from '../../shared/engineSettings';
import { DEFAULT_SETTINGS, MAX_RECENT_PROJECTS, type Settings, type Theme } from '../../shared/settings';
import { quarantineNow, readJson, serializeOnPath, writeFileAtomicNow } from '../base/atomicFile';
import type { Logger } from '../base/logger';

const THEMES: readonly Theme[] = ['light', 'dark', 'system'];

/** Keeps only known, well-typed fields; anything else falls back to its default. */
export function sanitizeSettings(raw: unknown): Settings {
  const r = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const s: Settings = { ...DEFAULT_SETTINGS, recentProjects: [], engines: sanitizeEngineSettings(r.engines) };
  if (typeof r.claudePath === 'string') s.claudePath = r.claudePath;
  if (
    Number.isInteger(r.maxConcurrent) &&
    (r.maxConcurrent as number) >= 1 &&
    (r.maxConcurrent as number) <= 16
  )
    s.maxConcurrent = r.maxConcurrent as number;
  if (typeof r.defaultModel === 'string') s.defaultModel = r.defaultModel;
  if (THEMES.includes(r.theme as Theme)) s.theme = r.theme as Theme;
  if (typeof r.agentShell === 'boolean') s.agentShell = r.agentShell;
  if (Array.isArray(r.recentProjects))
    s.recentProjects = r.recentProjects
      .filter((p): p is string => typeof p === 'string')
      .slice(0, MAX_RECENT_PROJECTS);
  return s;
}

function copyOf(s: Settings): Settings {
  return { ...s, recentProjects: [...s.recentProjects], engines: structuredClone(s.engines) };
}

export type SettingsListener = (settings: Settings) => void;

/** Per-user settings in `<userData>/settings.json`, written atomically; a corrupt file is kept aside. */
export class SettingsService {
  private current: Settings = sanitizeSettings({});
  private readonly listeners = new Set<SettingsListener>();
  readonly file: string;
  /** What the user is told of a settings file that could not be read and was kept aside (one line each). */
  readonly problems: string[] = [];

  constructor(
    userDataDir: string,
    private readonly log: Logger,
  ) {
    this.file = join(userDataDir, 'settings.json');
  }

  async load(): Promise<Settings> {
    this.current = sanitizeSettings(await serializeOnPath(this.file, () => this.readNow()));
    return this.get();
  }

  get(): Settings {
    return copyOf(this.current);
  }

  /** Saves the change, then takes it: a failed write leaves the settings as they were (memory agrees with disk). */
  update(patch: Partial<Settings>): Promise<Settings> {
    return this.change(() => patch);
  }

  rememberProject(path: string): Promise<Settings> {
    return this.change((cur) => ({
      recentProjects: [path, ...cur.recentProjects.filter((p) => p !== path)].slice(0, MAX_RECENT_PROJECTS),
    }));
  }

  forgetProject(path: string): Promise<Settings> {
    return this.change((cur) => ({ recentProjects: cur.recentProjects.filter((p) => p !== path) }));
  }

  /**
   * One change at a time, each computed from the settings on disk, read again in the file's queue: every face
   * (the desktop app, the browser host, the headless CLI) shares this file, so what another one saved since this
   * one loaded must not be written back as it was. Keys this build does not know (a newer Puffin wrote them) are
   * kept in the file.
   */
  private change(patchOf: (current: Settings) => Partial<Settings>): Promise<Settings> {
    return serializeOnPath(this.file, async () => {
      const onDisk = await this.readNow();
      const saved = sanitizeSettings(onDisk);
      const next = sanitizeSettings({ ...saved, ...patchOf(copyOf(saved)) });
      await writeFileAtomicNow(this.file, JSON.stringify({ ...onDisk, ...next }, null, 2) + '\n');
      this.current = next;
      const snapshot = this.get();
      for (const l of this.listeners) l(snapshot);
      return snapshot;
    });
  }

  /**
   * The object in settings.json now ({} when there is none); an unreadable file is kept aside, logged, and reads
   * as {}. Only inside serializeOnPath(this.file).
   */
  private async readNow(): Promise<Record<string, unknown>> {
    const read = await readJson<Record<string, unknown>>(this.file, (v) =>
      v && typeof v === 'object' && !Array.isArray(v) ? null : 'settings must be a JSON object',
    );
    if (read.kind === 'ok') return read.value;
    if (read.kind === 'invalid') {
      const keptAs = await quarantineNow(this.file);
      const problem =
        `Your settings file ${this.file} could not be read (${read.reason}); it was kept aside as ${keptAs} ` +
        'and the defaults are used. Set your settings again, or copy what you need back from that file.';
      this.problems.push(problem);
      this.log.error(problem);
    }
    return {};
  }

  onChange(listener: SettingsListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
