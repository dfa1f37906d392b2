import type { LineText } from '../../src/main/llm/rawLineRun';

/** The lines of a LineText (what History writes to its file), read back as History reads its file. */
export function textLines(text: LineText): string[] {
  const bytes = Buffer.concat(text.map((p) => (typeof p === 'string' ? Buffer.from(p) : p)));
  return bytes
    .toString('utf8')
    .split('\n')
    .filter((l) => l !== '');
}
