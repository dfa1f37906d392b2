// Text helpers: offsets to line/column, and a streaming literal search for files too large to read whole.
import { createReadStream } from 'node:fs';
import type { SourceLocation } from '../../shared/assertions';

export function locationAt(file: string, text: string, index: number): SourceLocation {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { file, line, column: index - lineStart + 1 };
}

export interface StreamHit {
  line: number;
  /** 1-based byte column (equal to the character column for ASCII lines). */
  column: number;
}

/**
 * Finds the first occurrence of `needle` in a file chunk by chunk, keeping only `needle.length - 1` bytes of overlap,
 * so memory stays bounded whatever the file size. Works on bytes, hence also on binary files.
 */
export async function streamFindLiteral(
  absPath: string,
  needle: string,
  chunkSize = 1 << 16,
): Promise<StreamHit | null> {
  const pattern = Buffer.from(needle, 'utf8');
  if (pattern.length === 0) return { line: 1, column: 1 };
  let carry = Buffer.alloc(0);
  let line = 1;
  /** Bytes since the last newline, counted over everything already dropped from the window. */
  let column0 = 0;
  const stream = createReadStream(absPath, { highWaterMark: chunkSize });
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      const window = carry.length ? Buffer.concat([carry, chunk]) : chunk;
      const found = window.indexOf(pattern);
      const scanEnd = found === -1 ? Math.max(0, window.length - (pattern.length - 1)) : found;
      // Advance line/column over the bytes that leave the window (or up to the hit).
      for (let i = 0; i < scanEnd; i++) {
        if (window[i] === 0x0a) {
          line++;
          column0 = 0;
        } else {
          column0++;
        }
      }
      if (found !== -1) return { line, column: column0 + 1 };
      carry = Buffer.from(window.subarray(scanEnd));
    }
    return null;
  } finally {
    stream.destroy();
  }
}
