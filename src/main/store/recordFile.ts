/**
 * The store's rules for one record file, shared by every folder of `.puffin/` and by its single files
 * (project.json, store.json): records are pretty-printed JSON written atomically, and a file that fails to parse
 * or to validate is kept aside as `<name>.corrupt-<time>` (never overwritten) and reported as a problem.
 */
import { relative, sep } from 'node:path';
import { STORE_DIR, type StoreProblem } from '../../shared/project';
import { quarantineNow, readJson, serializeOnPath } from '../base/atomicFile';
import type { Logger } from '../base/logger';

/** The opened store: its folder and where problems are logged. */
export interface StoreContext {
  /** The `.puffin` folder. */
  dir: string;
  log?: Logger;
  /** Told of every file kept aside, so the user hears of it (the opened project's store problems). */
  onProblem?: (problem: StoreProblem) => void;
  /** Awaited before every record write: the first save of a new store writes its store.json (storeMeta.ts). */
  beforeWrite?: () => Promise<void>;
}

/** Why a value is not a valid record, or null. */
export type RecordCheck = (value: unknown) => string | null;

export interface RecordRead<T> {
  /** Undefined when the file does not exist or was kept aside. */
  value?: T;
  problem?: StoreProblem;
}

/** Keys a record is recognised by, written first; every other key follows in alphabetical order. */
const LEADING_KEYS = ['id', 'key', 'sprintId', 'storyId', 'reviewId', 'generationId', 'number'];

const keyOrder = (a: string, b: string): number => {
  const [ia, ib] = [LEADING_KEYS.indexOf(a), LEADING_KEYS.indexOf(b)];
  if (ia !== -1 || ib !== -1)
    return (ia === -1 ? LEADING_KEYS.length : ia) - (ib === -1 ? LEADING_KEYS.length : ib);
  return a < b ? -1 : a > b ? 1 : 0;
};

/** The value with every object's keys in the one fixed order (arrays keep theirs). */
export function stableValue(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(stableValue);
  if (typeof value !== 'object' || value === null) return value;
  const json = (value as { toJSON?: () => unknown }).toJSON;
  if (typeof json === 'function') return stableValue(json.call(value)); // a Date, as JSON.stringify writes it
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => keyOrder(a, b));
  return Object.fromEntries(entries.map(([k, v]) => [k, stableValue(v)]));
}

/**
 * How every record is written: keys in a fixed order (whoever wrote it, a file of the same content is the same
 * text, so git sees only real changes), two-space indentation, one trailing newline.
 */
export function recordText(value: unknown): string {
  return JSON.stringify(stableValue(value), null, 2) + '\n';
}

/** The text of a valid record; refuses (throws) an invalid one, so nothing invalid is ever written. */
export function checkedText(what: string, value: unknown, check: RecordCheck): string {
  const problem = check(value);
  if (problem) throw new Error(`Refused to save an invalid ${what}: ${problem}`);
  return recordText(value);
}

/** A path inside the store as the user sees it in messages: relative, forward slashes. */
export function storeRelative(ctx: StoreContext, path: string): string {
  return relative(ctx.dir, path).split(sep).join('/');
}

/**
 * Reads one record file. An unreadable one is kept aside and reported (and logged). `inQueue`: the caller already
 * runs inside serializeOnPath(path), so the file is renamed without queueing behind the caller itself.
 */
export async function readRecord<T>(
  ctx: StoreContext,
  path: string,
  check: RecordCheck,
  inQueue = false,
): Promise<RecordRead<T>> {
  const read = await readJson<T>(path, check);
  if (read.kind === 'ok') return { value: read.value };
  if (read.kind === 'missing') return {};
  // Decided again inside the file's queue: a write that landed meanwhile must not be moved aside.
  if (!inQueue) return serializeOnPath(path, () => readRecord<T>(ctx, path, check, true));
  const keptAs = await quarantineNow(path);
  const problem = { file: storeRelative(ctx, path), keptAs: storeRelative(ctx, keptAs), reason: read.reason };
  ctx.log?.error(
    `${STORE_DIR}/${problem.file} could not be read (${problem.reason}); ` +
      `it was kept aside as ${STORE_DIR}/${problem.keptAs}.`,
  );
  ctx.onProblem?.(problem);
  return { problem };
}
