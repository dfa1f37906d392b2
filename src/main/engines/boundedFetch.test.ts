import { describe, expect, it } from 'vitest';
import { bodyCounter } from './boundedFetch';

const bytes = (text: string) => new TextEncoder().encode(text);
const bounds = { lineBytes: 5, bodyBytes: 20 };

describe('bodyCounter', () => {
  it('finds a line past the bound wherever it lies, however the body is cut into chunks', () => {
    let seed = 7;
    const random = (n: number) => (seed = (seed * 1103515245 + 12345) % 2147483648) % n;
    for (let round = 0; round < 300; round++) {
      const lineBytes = 1 + random(12);
      // Lines of 0..15 bytes, so some pass the bound; the reference: the longest line of the whole body.
      const lines = Array.from({ length: 1 + random(12) }, () => 'x'.repeat(random(16)));
      const text = lines.join('\n') + (random(2) ? '\n' : '');
      const tooLong = lines.some((l) => l.length > lineBytes);
      const count = bodyCounter('openai', { lineBytes, bodyBytes: 1_000 });
      let failed = false;
      for (let at = 0; at < text.length && !failed;) {
        const size = 1 + random(2 * lineBytes + 2); // chunks shorter and longer than the bound
        failed = count(bytes(text.slice(at, at + size)))?.code === 'garbage_output';
        at += size;
      }
      expect(failed, JSON.stringify({ lineBytes, text })).toBe(tooLong);
    }
  });

  it('lets lines at the bound through, across chunks and several in one chunk', () => {
    const count = bodyCounter('ollama', bounds);
    expect(count(bytes('12345\nab'))).toBeNull();
    expect(count(bytes('c\n1\n12345\n'))).toBeNull();
  });

  it('fails garbage_output for a line past the bound, whether it spans chunks or sits inside one', () => {
    const spanning = bodyCounter('openai', bounds);
    expect(spanning(bytes('123'))).toBeNull();
    expect(spanning(bytes('456'))?.code).toBe('garbage_output');
    const inside = bodyCounter('openai', bounds);
    expect(inside(bytes('1\n123456\n1'))?.code).toBe('garbage_output');
    // A chunk just long enough to hold a line past the bound between two of its newlines.
    expect(bodyCounter('openai', bounds)(bytes('\n123456\n'))?.code).toBe('garbage_output');
  });

  it('fails truncated once the whole body passes its bound, however short its lines', () => {
    const count = bodyCounter('gemini', bounds);
    expect(count(bytes('1234\n1234\n1234\n1234\n'))).toBeNull();
    expect(count(bytes('1\n'))?.code).toBe('truncated');
  });
});
