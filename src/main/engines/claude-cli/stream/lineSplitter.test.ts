// LineSplitter: its mixed streaming / non-streaming decoding must give exactly what one streaming TextDecoder
// gives, and its spans must point into the chunk a line arrived in.
import { describe, expect, it } from 'vitest';
import { rng } from '../../../../../test/support/rng';
import { LineSplitter } from './lineSplitter';

const encoder = new TextEncoder();

/** The splitter as it was: one streaming TextDecoder with default BOM handling, flushed as before. */
class ReferenceSplitter {
  private readonly decoder = new TextDecoder('utf-8');
  private text = '';
  private hasBytes = false;
  push(chunk: string | Uint8Array): void {
    if (typeof chunk === 'string') {
      this.text += this.hasBytes ? this.decoder.decode() + chunk : chunk;
      this.hasBytes = false;
    } else {
      this.text += this.decoder.decode(chunk, { stream: true });
      this.hasBytes = chunk.length > 0;
    }
  }
  end(): string[] {
    this.text += this.decoder.decode();
    const lines = this.text.split('\n').map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
    if (lines.at(-1) === '') lines.pop();
    return lines;
  }
}

/**
 * The bytes as a chunk: a Uint8Array of their own, or (as stdout's Buffers often are) a view into a larger block
 * with other bytes around it, as a Buffer or a plain Uint8Array.
 */
function view(bytes: number[], pick: number): Uint8Array {
  if (pick < 0.4) return Uint8Array.from(bytes);
  const block = Uint8Array.from([0x7a, 0xc3, 0x0a, ...bytes, 0xe2, 0x0a, 0x7a]);
  const inner = pick < 0.7 ? block.subarray(3, 3 + bytes.length) : Buffer.from(block.buffer, 3, bytes.length);
  return inner;
}

describe('LineSplitter decoding', () => {
  it('hands lines as spans of the chunk they arrived in, terminators excluded', () => {
    const splitter = new LineSplitter();
    const spans: [string, number, number][] = [];
    const sink = (text: string, start: number, end: number) => spans.push([text, start, end]);
    const first = 'a\r\nbb\n\ncc';
    splitter.pushSpans(first, sink);
    splitter.pushSpans(encoder.encode('c\r\nd'), sink);
    splitter.endSpans(sink);
    expect(spans.map(([text, start, end]) => text.slice(start, end))).toEqual(['a', 'bb', '', 'ccc', 'd']);
    // Whole lines inside a chunk are not copied out of it; a line split across chunks is joined once.
    expect(spans.slice(0, 3).every(([text]) => text === first)).toBe(true);
    expect(spans[3]![0]).toBe('ccc\r');
  });

  it('matches one streaming TextDecoder on random bytes, chunkings and string chunks', () => {
    const next = rng(7);
    const pieces = [
      [0x0a],
      [0x0d, 0x0a],
      [0x61],
      [0x7b, 0x7d], // \n, \r\n, a, {}
      [0xef, 0xbb, 0xbf], // BOM
      [0xc3, 0xa9],
      [0xe2, 0x82, 0xac],
      [0xf0, 0x9f, 0x90, 0xa6], // é € 🐦
      [0xc3],
      [0xe2, 0x82],
      [0xf0, 0x9f],
      [0x80],
      [0xff],
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80], // broken, overlong, surrogate
    ];
    for (let round = 0; round < 3000; round++) {
      const bytes: number[] = [];
      const count = Math.floor(next() * 40);
      for (let k = 0; k < count; k++) bytes.push(...pieces[Math.floor(next() * pieces.length)]!);
      const ours = new LineSplitter();
      const reference = new ReferenceSplitter();
      const lines: string[] = [];
      for (let i = 0; i < bytes.length;) {
        if (next() < 0.05) {
          const s = next() < 0.5 ? 'x\n' : '\ufeffy';
          lines.push(...ours.push(s));
          reference.push(s);
          continue;
        }
        const n = Math.floor(next() * 6); // empty chunks too
        const chunk = view(bytes.slice(i, i + n), next());
        lines.push(...ours.push(chunk));
        reference.push(chunk);
        i += n;
      }
      lines.push(...ours.end());
      expect(lines, JSON.stringify(bytes)).toEqual(reference.end());
    }
  });
});

describe('LineSplitter line cap', () => {
  function collect(maxLineChars: number, chunks: (string | Uint8Array)[]) {
    const oversized: number[] = [];
    const splitter = new LineSplitter({ maxLineChars, onOversized: (n) => oversized.push(n) });
    const lines: string[] = [];
    for (const c of chunks) lines.push(...splitter.push(c));
    lines.push(...splitter.end());
    return { lines, oversized };
  }

  it('drops a line that grows past the cap across chunks, reports it once, and reads on after its newline', () => {
    const { lines, oversized } = collect(10, ['ok\nabcdef', 'ghijkl', 'mnop', 'qr\nnext\n']);
    expect(lines).toEqual(['ok', 'next']);
    // Reported as soon as the pending part passed 10 characters, not when its newline came.
    expect(oversized).toEqual([12]);
  });

  it('drops a complete line longer than the cap inside one chunk, and keeps one exactly at the cap', () => {
    const { lines, oversized } = collect(5, [encoder.encode('12345\n123456\nz\r\n')]);
    expect(lines).toEqual(['12345', 'z']);
    expect(oversized).toEqual([6]);
  });

  it('drops an unterminated line past the cap at the end of the stream', () => {
    const { lines, oversized } = collect(4, ['a\n', 'bbbbbbbb']);
    expect(lines).toEqual(['a']);
    expect(oversized).toEqual([8]);
  });

  it('keeps memory bounded while a 64 MB line streams through in 64 KB chunks', () => {
    const chunk = encoder.encode('x'.repeat(64 * 1024));
    const oversized: number[] = [];
    const splitter = new LineSplitter({ maxLineChars: 1024 * 1024, onOversized: (n) => oversized.push(n) });
    const before = process.memoryUsage().heapUsed;
    let peak = 0;
    for (let i = 0; i < 1024; i++) {
      splitter.push(chunk);
      if (i % 64 === 0) peak = Math.max(peak, process.memoryUsage().heapUsed - before);
    }
    expect(splitter.push('\nafter\n')).toEqual(['after']);
    expect(oversized).toHaveLength(1);
    // A 64 MB line held whole would be 64 MB or more; the splitter holds at most the 1 MB cap.
    expect(peak).toBeLessThan(32 * 1024 * 1024);
  });
});
