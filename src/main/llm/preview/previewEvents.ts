/** A path into the JSON value: object keys and array indices. */
export type JsonPath = readonly (string | number)[];

/** A watched path pattern; `'*'` matches any one key or index. */
export type WatchPattern = readonly (string | number)[];

export type PreviewEvent =
  /** An element of a watched array just closed; `value` is final and will never change. */
  | { type: 'item'; path: JsonPath; index: number; value: unknown }
  /** The root value closed. */
  | { type: 'done'; value: unknown }
  /** The input is not JSON at `offset` (characters since the first push); later input is ignored. */
  | { type: 'error'; offset: number; message: string };

export interface PartialJsonOptions {
  /**
   * Arrays whose elements are reported as `item` events. Default: the root if it is an array, and every
   * array directly under the root object (`{stories: [...]}` → `['stories']`), which is what an envelope holds.
   */
  watch?: readonly WatchPattern[];
  /**
   * Containers nested deeper than this are not built piece by piece: their extent is tracked and their text is
   * parsed with JSON.parse when they close (much faster). Default: the length of the longest watched path, so
   * watched arrays are live and their elements are parsed whole. Snapshots still show unfinished ones.
   */
  materializeDepth?: number;
}
