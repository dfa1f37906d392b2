import { isRecord } from './jsonFields';

export type UnwrapResult = { ok: true; value: unknown; wrapped: boolean } | { ok: false; message: string };

/**
 * `--json-schema` needs an object root, so array or string outputs travel in an envelope such as
 * `{stories: [...]}` or `{title: "..."}`. This returns the inner value.
 * - No key: the data is returned as it is.
 * - `{[key]: v}`: v (`wrapped: true`).
 * - The legacy text path may yield the inner value directly (a bare story array rather than `{stories}`),
 *   so a value that is not an object holding `key` is accepted as already unwrapped (`wrapped: false`),
 *   unless it is an object, which would mean a different shape entirely.
 */
export function unwrapEnvelope(data: unknown, key?: string): UnwrapResult {
  if (key === undefined) return { ok: true, value: data, wrapped: false };
  if (isRecord(data)) {
    if (Object.prototype.hasOwnProperty.call(data, key)) return { ok: true, value: data[key], wrapped: true };
    return {
      ok: false,
      message: `expected an object with "${key}", got keys: ${Object.keys(data).join(', ') || '(none)'}`,
    };
  }
  if (data === undefined) return { ok: false, message: `expected an object with "${key}", got nothing` };
  return { ok: true, value: data, wrapped: false };
}
