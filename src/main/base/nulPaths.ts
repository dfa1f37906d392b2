/**
 * A NUL character in a path is refused as `invalid_payload` before any handler runs: no file name can hold one, and
 * Node's file and process calls throw an untyped error on it (it surfaced as `internal_error`), while a path that
 * is only stored (the CLI's path in Settings, never-touch patterns) would be kept broken.
 */

/** The request fields, at any depth, that name files or folders. */
const PATH_KEYS: ReadonlySet<string> = new Set([
  'path',
  'project',
  'junit',
  'claudePath',
  'neverTouch',
  'allowSensitive',
  'file',
  'target',
]);

/** Where the first path with a NUL is (`/project`, `/neverTouch/2`), or null. */
export function nulInPath(value: unknown, at = '', inPath = false): string | null {
  if (typeof value === 'string') return inPath && value.includes('\0') ? at || '(root)' : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = nulInPath(value[i], `${at}/${i}`, inPath);
      if (found) return found;
    }
    return null;
  }
  if (value && typeof value === 'object')
    for (const [key, v] of Object.entries(value)) {
      const found = nulInPath(v, `${at}/${key}`, PATH_KEYS.has(key));
      if (found) return found;
    }
  return null;
}

/** Node's refusal of a path with a NUL character, wherever it was thrown. */
export function isNulPathError(err: unknown): boolean {
  const e = err as { code?: unknown; message?: unknown } | null;
  return (
    (e?.code === 'ERR_INVALID_ARG_VALUE' || e?.code === 'ERR_INVALID_ARG_TYPE') &&
    typeof e.message === 'string' &&
    e.message.includes('null bytes')
  );
}

export const NUL_PATH_MESSAGE = 'A path may not contain a NUL character; remove it and try again.';
