import { access, constants, stat } from 'node:fs/promises';
import { basename, isAbsolute, resolve } from 'node:path';
import { homedir } from 'node:os';
import { STORE_DIR, type ProjectInfo, type StoreProblem } from '../../shared/project';
import { openProjectStore, type ProjectStore } from '../store/projectStore';
import { openStore } from '../store/storeMeta';
import { ServiceError } from '../base/errors';
import { refuseTooBroad } from '../base/tooBroad';
import { sweepProjectTemps } from './startSweep';
import type { Logger } from '../base/logger';
import { checkWritable, writeFailure } from '../base/writeErrors';
import type { SettingsService } from './settingsService';

const PERMISSION_CODES = new Set(['EACCES', 'EPERM', 'EROFS']);

/**
 * A full disk or a store Puffin may not write says so (writeErrors.ts); anything else (a failed migration) is a
 * store error with its cause.
 */
function storeError(err: unknown, verb: 'open' | 'read'): ServiceError {
  const code = (err as { code?: string }).code;
  if (code === 'store_too_new') return new ServiceError('store_too_new', (err as Error).message);
  const typed =
    code && PERMISSION_CODES.has(code) ? writeFailure(err, (err as { path?: string }).path ?? '') : err;
  if (typed instanceof ServiceError) return typed;
  return new ServiceError('store_error', `Could not ${verb} the project store: ${(err as Error).message}`);
}

export type ProjectListener = (project: ProjectInfo | null) => void;

/** Expands `~` and requires an absolute path: a relative one has no meaning for a desktop app. */
export function normalizeProjectPath(input: string, home = homedir()): string {
  const trimmed = input.trim();
  const expanded = trimmed === '~' || trimmed.startsWith('~/') ? home + trimmed.slice(1) : trimmed;
  if (!isAbsolute(expanded))
    throw new ServiceError(
      'invalid_payload',
      `"${input}" is not an absolute path. Enter the full path of the folder.`,
    );
  return resolve(expanded);
}

/** The opened project: checks the folder, opens its `.puffin/` store, remembers it in recent projects. */
export class ProjectService {
  private current: ProjectInfo | null = null;
  private repos: ProjectStore | null = null;
  private readonly listeners = new Set<ProjectListener>();

  constructor(
    private readonly settings: SettingsService,
    private readonly log: Logger,
  ) {}

  get(): ProjectInfo | null {
    return this.current;
  }

  /** The repos of the opened project; `no_project` when none is open. */
  requireStore(): ProjectStore {
    if (!this.repos) throw new ServiceError('no_project', 'Open a project first.');
    return this.repos;
  }

  async open(input: string, options: { hermetic?: boolean } = {}): Promise<ProjectInfo> {
    const path = normalizeProjectPath(input);
    refuseTooBroad(path);
    const info = await stat(path).catch(() => null);
    if (!info) throw new ServiceError('not_found', `The folder ${path} does not exist.`);
    if (!info.isDirectory()) throw new ServiceError('not_a_directory', `${path} is a file, not a folder.`);
    try {
      await access(path, constants.W_OK);
    } catch {
      throw new ServiceError(
        'not_writable',
        `Puffin cannot write to ${path}; it keeps its data in ${path}/${STORE_DIR}. Check the folder's permissions.`,
      );
    }
    let store;
    try {
      store = await openStore(path);
      if (store.exists) await checkWritable(store.dir); // the project folder's W_OK was checked above
    } catch (err) {
      throw storeError(err, 'open');
    }
    await sweepProjectTemps(path, store.dir, this.log);
    for (const q of store.quarantined)
      this.log.error(
        `A store file of ${basename(path)} could not be read; it was kept aside as ${STORE_DIR}/${q}.`,
      );
    const problems: StoreProblem[] = [];
    let opened: Awaited<ReturnType<typeof openProjectStore>> | undefined;
    try {
      opened = await openProjectStore(
        store.dir,
        this.log,
        (p) => this.kept(opened?.store, problems, p),
        (meta) => this.created(opened?.store, meta),
      );
    } catch (err) {
      throw storeError(err, 'read');
    }
    store.quarantined.push(...problems.map((p) => p.keptAs));
    store.problems = problems;
    // Remembered first, switched after: a failed open (here, settings that cannot be saved) leaves the previous
    // project in place, as every listener (project:changed) last heard it.
    await this.settings.rememberProject(path);
    this.repos = opened.store;
    this.current = {
      name: basename(path),
      path,
      openedAt: new Date().toISOString(),
      store,
      ...(options.hermetic ? { hermetic: true as const } : {}),
    };
    if (store.migratedFrom !== undefined)
      this.log.info(
        `Updated the store of ${this.current.name} from version ${store.migratedFrom} to ${store.version}.`,
      );
    this.log.info(`Opened project ${this.current.name}`, { path, storeExists: store.exists });
    for (const l of this.listeners) l(this.current);
    return this.current;
  }

  /**
   * A record of the store was kept aside: while opening, it joins the problems the open reports; afterwards (a
   * plan read later, a file another Puffin wrote) the opened project's store problems grow and listeners hear it.
   */
  private kept(owner: ProjectStore | undefined, problems: StoreProblem[], problem: StoreProblem): void {
    problems.push(problem);
    if (!owner || this.repos !== owner || !this.current) return;
    const store = {
      ...this.current.store,
      quarantined: [...this.current.store.quarantined, problem.keptAs],
      problems: [...problems],
    };
    this.current = { ...this.current, store };
    for (const l of this.listeners) l(this.current);
  }

  /** The first save created the opened project's store: listeners hear that it exists now. */
  private created(owner: ProjectStore | undefined, meta: { version: number; createdAt: string }): void {
    if (!owner || this.repos !== owner || !this.current) return;
    const store = { ...this.current.store, exists: true, version: meta.version, createdAt: meta.createdAt };
    this.current = { ...this.current, store };
    for (const l of this.listeners) l(this.current);
  }

  onChange(listener: ProjectListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}
