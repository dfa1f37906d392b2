// A reader using the WebAssembly delta scanner hands over exactly what the JavaScript path hands over (every call,
// in order, raw lines included) on recorded transcripts, the streaming corpus and thousands of mutated lines, in
// many chunkings and line limits; and it really scans.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { rng } from '../../../../../test/support/rng';
import { DeltaScanner } from './deltaScanner';
import {
  cliDeltaLine,
  corpusFiles,
  corpusTranscript,
  fixtureDir,
  fixtureFiles,
  plain,
  mutated,
} from './fastPathTesting';
import { StreamJsonReader, type StreamJsonReaderOptions } from './streamJsonReader';

const lines = (...ls: string[]) => ls.map((l) => l + '\n').join('');

/** Every sink call of a reader fed `bytes` as Buffers in the given chunk sizes. */
function handover(bytes: Buffer, sizes: () => number, options: StreamJsonReaderOptions): unknown[] {
  const calls: unknown[] = [];
  const reader = new StreamJsonReader({
    ...options,
    sink: {
      event: (e) => calls.push(plain(e)),
      delta: (...fields) =>
        // A run's raw lines compare by their text (how a run holds them depends on how it was read).
        calls.push(fields.length > 4 ? [...fields.slice(0, 4), fields[4]?.all()] : fields),
    },
  });
  for (let i = 0; i < bytes.length;) {
    const n = sizes();
    reader.push(bytes.subarray(i, i + n));
    i += n;
  }
  reader.end();
  return calls;
}

/** The scanned and the JavaScript reader hand over the same calls, chunked every way listed. */
function expectSameHandover(bytes: Buffer, maxLineChars?: number, rawLines = false): void {
  const options = { ...(maxLineChars === undefined ? {} : { maxLineChars }), rawLines };
  const chunkings: (() => () => number)[] = [
    () => () => 65536,
    () => () => bytes.length,
    () => {
      const next = rng(7);
      return () => 1 + Math.floor(next() * 4096);
    },
    () => {
      const next = rng(11);
      return () => 1 + Math.floor(next() * 200);
    },
  ];
  for (const chunking of chunkings) {
    const scanned = handover(bytes, chunking(), options);
    expect(scanned).toEqual(handover(bytes, chunking(), { ...options, scanBytes: false }));
  }
}

/** Delta lines mutated at random (the fast-path tests' palette), with CRLF, blank, BOM-led and other lines. */
function mutatedTranscript(count: number, seed: number): string {
  const next = rng(seed);
  const out: string[] = ['\ufeff' + cliDeltaLine('first', 0)];
  for (let n = 0; n < count; n++) {
    const k = Math.floor(next() * 3);
    let line = cliDeltaLine(
      ['{"stories":[{"title":"A \\"quoted\\" é', 'plain words', '\\u0041\\n'][k]!,
      n,
      next() < 0.1 ? 1 : 0,
      next() < 0.1 ? 'toolu_9' : null,
    );
    if (next() < 0.4) line = mutated(line, next);
    const end = next();
    if (end < 0.05) line += '\r';
    else if (end < 0.08) out.push('');
    else if (end < 0.1) out.push('{"type":"assistant","message":{"content":[]}}');
    out.push(line);
  }
  return out.join('\n') + (next() < 0.5 ? '\n' : '');
}

/** The same, with bytes from 0x80 to 0xff put into one line in ten: most of them malformed UTF-8. */
function withRawBytes(text: string, seed: number): Buffer {
  const next = rng(seed);
  return Buffer.concat(
    text.split('\n').map((line, k, all) => {
      const bytes = Buffer.from(line + (k < all.length - 1 ? '\n' : ''));
      if (next() >= 0.1 || bytes.length < 2) return bytes;
      const at = Math.floor(next() * (bytes.length - 1));
      const raw = Array.from({ length: 1 + Math.floor(next() * 3) }, () => 0x80 + Math.floor(next() * 128));
      return Buffer.concat([bytes.subarray(0, at), Buffer.from(raw), bytes.subarray(at)]);
    }),
  );
}

describe('StreamJsonReader with the scanner hands over what the JavaScript path does', () => {
  it.each(fixtureFiles)('%s', (file) => {
    expectSameHandover(readFileSync(path.join(fixtureDir, file)));
  });

  it.each(corpusFiles.slice(0, 4))('%s streamed as deltas', (file) => {
    expectSameHandover(Buffer.from(corpusTranscript(file)));
  });

  it('thousands of mutated delta lines among other lines, and a BOM', () => {
    expectSameHandover(Buffer.from(mutatedTranscript(6000, 3)));
  });

  it('the same with raw bytes beyond ASCII, mostly malformed UTF-8, in one line in ten', () => {
    expectSameHandover(withRawBytes(mutatedTranscript(4000, 5), 9));
  });

  it("the same with every run's raw lines (the app's calls: History keeps them), raw bytes and all", () => {
    expectSameHandover(withRawBytes(mutatedTranscript(3000, 6), 10), undefined, true);
    for (const file of fixtureFiles)
      expectSameHandover(readFileSync(path.join(fixtureDir, file)), undefined, true);
  });

  it('hands over each delta line verbatim as a raw line (CRLF dropped), whichever way it was read', () => {
    const deltas = Array.from({ length: 500 }, (_, k) => cliDeltaLine(`é${k}\\"`, k, k % 7 === 0 ? 1 : 0));
    const text = deltas.map((l, k) => l + (k % 5 === 0 ? '\r\n' : '\n')).join('');
    for (const scanBytes of [true, false]) {
      const raw: string[] = [];
      const reader = new StreamJsonReader({
        rawLines: true,
        scanBytes,
        sink: { event: () => undefined, delta: (...fields) => raw.push(...(fields[4]?.all() ?? [])) },
      });
      const bytes = Buffer.from(text);
      for (let i = 0; i < bytes.length; i += 3000) reader.push(bytes.subarray(i, i + 3000));
      reader.end();
      expect(raw).toEqual(deltas);
    }
  });

  it.each([60, 250, 400, 5000])('the same with lines limited to %i characters', (max) => {
    expectSameHandover(Buffer.from(mutatedTranscript(1500, max)), max);
  });

  it('a sink that reads more stdout meanwhile (another reader, the same scanner) changes nothing', () => {
    const bytes = Buffer.from(mutatedTranscript(2000, 12));
    const expected = handover(bytes, () => 65536, {});
    const other = new StreamJsonReader({ sink: { event: () => undefined, delta: () => undefined } });
    const otherBytes = Buffer.from(mutatedTranscript(400, 13));
    other.push(otherBytes.subarray(0, 100)); // past the stream's start: its next chunks are scanned
    let at = 100;
    const readOther = () => {
      other.push(otherBytes.subarray(at, at + 5000));
      at = (at + 5000) % (otherBytes.length - 5000);
    };
    const calls: unknown[] = [];
    const reader = new StreamJsonReader({
      sink: {
        event: (e) => {
          calls.push(plain(e));
          readOther();
        },
        delta: (...fields) => {
          calls.push(fields);
          readOther();
        },
      },
    });
    for (let i = 0; i < bytes.length; i += 65536) reader.push(bytes.subarray(i, i + 65536));
    reader.end();
    expect(calls).toEqual(expected);
  });

  it('really scans: a 64 KB chunk of delta lines is one scan and no line is decoded by JavaScript', () => {
    const bytes = Buffer.from(lines(...Array.from({ length: 200 }, (_, k) => cliDeltaLine('{"a":1}', k))));
    const reader = new StreamJsonReader({ sink: { event: () => undefined, delta: () => undefined } });
    reader.push(Buffer.from('{"type":"system","subtype":"init"}\n')); // the stream's start goes the usual way
    const scanSpy = vi.spyOn(DeltaScanner.prototype, 'scan');
    const regexSpy = vi.spyOn(RegExp.prototype, 'test');
    reader.push(bytes);
    expect(scanSpy).toHaveBeenCalledTimes(1);
    expect(regexSpy).not.toHaveBeenCalled();
    scanSpy.mockRestore();
    regexSpy.mockRestore();
  });
});
