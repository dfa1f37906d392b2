/**
 * Store migrations: one pure function per store version, from the records of version N to those of N + 1.
 * A migration sees every record file of the store that parses (path relative to the store, `/`-separated →
 * parsed JSON; store.json and unparseable files excluded: the store keeps the latter aside when it reads them) and
 * returns the files to write and to remove. It must be idempotent: a migration interrupted halfway (or run on a
 * store whose store.json was lost) runs again over files of which some are already migrated.
 */
import { FOLDERS, LOCAL } from './folders';

export type StoreFiles = Readonly<Record<string, unknown>>;

export interface StoreChanges {
  write: Record<string, unknown>;
  remove: string[];
  /** Files renamed, from → to (any file, not only records), after the writes and removals. */
  move?: Record<string, string>;
}

/**
 * `names`: every file of the store (records or not), `/`-separated, hidden ones and `local/` left out; without it,
 * the records' paths.
 */
export type Migration = (files: StoreFiles, names?: readonly string[]) => StoreChanges;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `assertions/<key>.json` (not in a subfolder such as `assertions/results/`): the key, else null. */
function assertionSetKey(path: string): string | null {
  const prefix = `${FOLDERS.assertions.path}/`;
  if (!path.startsWith(prefix) || !path.endsWith('.json')) return null;
  const name = path.slice(prefix.length, -'.json'.length);
  return name.includes('/') ? null : name;
}

/** The fields of project.json in version 2 (a migration is frozen in time: this list is not the current schema's). */
const PROJECT_FIELDS_V2 = ['description', 'conventions', 'stack', 'neverTouch', 'allowSensitive'];

/**
 * Version 1 → 2: every record holds its key and every field its schema requires, and no other.
 * - An assertion set written by hand could omit `storyId` (its file name said it): it gets it.
 * - project.json could omit `description` or `conventions` (they defaulted to empty): they are written out. Keys
 *   it does not know were ignored by version 1 and dropped at its next save: they are dropped now.
 */
export const v1ToV2: Migration = (files) => {
  const write: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(files)) {
    if (!isObj(value)) continue;
    const key = assertionSetKey(path);
    if (key !== null && value.storyId === undefined) write[path] = { storyId: key, ...value };
    if (path === 'project.json') {
      const known = Object.entries(value).filter(([k]) => PROJECT_FIELDS_V2.includes(k));
      const filled = { description: '', conventions: '', ...Object.fromEntries(known) };
      if (JSON.stringify(filled) !== JSON.stringify(value)) write[path] = filled;
    }
  }
  return { write, remove: [] };
};

/** A call's meta as version 3 holds it: the engine named (every call before it was the Claude Code CLI's). */
function metaV3(meta: unknown): unknown {
  if (!isObj(meta) || meta.provider !== undefined) return meta;
  const { cliVersion, ...rest } = meta;
  return { provider: 'claude-cli', cliVersion, engineVersion: cliVersion ?? null, ...rest };
}

/** The metas of one record file of version 2 (history, RIS, plan revisions), or null when none changes. */
function withMetasV3(path: string, value: Obj): Obj | null {
  const { ris, plans } = FOLDERS; // ris/<sprintId>/<storyId>.json is under ris/ too
  const under = (folder: string) => path.startsWith(`${folder}/`) && path.endsWith('.json');
  // Where version 2 kept the history (version 4 moved it under local/).
  if (under('history') || under(ris.path)) {
    const meta = metaV3(value.meta);
    return meta === value.meta ? null : { ...value, meta };
  }
  if (under(plans.path) && Array.isArray(value.revisions)) {
    const old = value.revisions as unknown[];
    const revisions = old.map((r) => {
      const meta = isObj(r) ? metaV3(r.meta) : undefined;
      return isObj(r) && meta !== r.meta ? { ...r, meta } : r;
    });
    return revisions.some((r, i) => r !== old[i]) ? { ...value, revisions } : null;
  }
  return null;
}

/**
 * Version 2 → 3 (engine providers): a call's meta says which engine answered. Every meta written before
 * (history records, RIS specs, plan revisions) was the Claude Code CLI's: it gets `provider: "claude-cli"` and
 * `engineVersion` = its `cliVersion`, which stays as it was.
 */
export const v2ToV3: Migration = (files) => {
  const write: Record<string, unknown> = {};
  for (const [path, value] of Object.entries(files)) {
    if (!isObj(value)) continue;
    const migrated = withMetasV3(path, value);
    if (migrated) write[path] = migrated;
  }
  return { write, remove: [] };
};

/** The folders version 3 kept at the store's top that version 4 keeps under `local/` (a frozen list). */
const LOCAL_FOLDERS_V4 = ['history', 'open-review'];

/**
 * Version 3 → 4 (a store a team shares through git): what is one person's moves under `local/`, which the store's
 * .gitignore keeps out of git: the history (records, raw lines, a run's partial lines) and the open review. Every
 * file of those folders moves as it is, records or not.
 */
export const v3ToV4: Migration = (files, names = Object.keys(files)) => {
  const move: Record<string, string> = {};
  for (const name of names)
    if (LOCAL_FOLDERS_V4.some((f) => name.startsWith(`${f}/`))) move[name] = `${LOCAL}/${name}`;
  return { write: {}, remove: [], move };
};

/** Migration from each store version to the next; STORE_VERSION is one more than the last key. */
export const MIGRATIONS: Readonly<Record<number, Migration>> = { 1: v1ToV2, 2: v2ToV3, 3: v3ToV4 };
