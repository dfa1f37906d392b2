import { JSON_SIMPLE_ESCAPES, unicodeEscape } from './textScan';

export interface Unescaped {
  text: string;
  /** sourceIndex[k]: where produced character k came from in the input (plus one entry for the end). */
  sourceIndex: Int32Array;
}

/**
 * Removes one level of JSON string escaping, for JSON that was encoded twice (`{\"a\": \"b\"}`).
 * Backslashes that do not start an escape are kept. Records where each output character came from,
 * so a caller can map a position back into the original text.
 */
export function unescapeLayer(input: string): Unescaped {
  let out = '';
  const sourceIndex = new Int32Array(input.length + 1);
  let k = 0;
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    let produced = c;
    let width = 1;
    if (c === '\\' && i + 1 < input.length) {
      const next = input[i + 1]!;
      const simple = JSON_SIMPLE_ESCAPES[next];
      const decoded = next === 'u' ? unicodeEscape(input.slice(i + 2, i + 6)) : null;
      if (simple !== undefined) {
        produced = simple;
        width = 2;
      } else if (decoded !== null) {
        produced = decoded;
        width = 6;
      }
    }
    out += produced;
    sourceIndex[k++] = i;
    i += width;
  }
  sourceIndex[k] = input.length;
  return { text: out, sourceIndex: sourceIndex.subarray(0, k + 1) };
}

/** Does a value starting at i look doubly encoded, i.e. its first key or string is introduced by `\"`? */
export function looksDoublyEncoded(text: string, i: number): boolean {
  return /^[[{][\s[{]*\\"/.test(text.slice(i, i + 64));
}
