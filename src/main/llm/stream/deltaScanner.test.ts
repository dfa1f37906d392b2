// The WebAssembly delta scanner: what it takes and declines, and a reader using it hands over exactly what the
// JavaScript path hands over (every call, in order) on recorded transcripts, the streaming corpus and thousands of
// mutated lines, in many chunkings and line limits.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it, vi } from 'vitest';
import { rng } from '../../../../test/support/rng';
import { DeltaScanner, deltaScanner, type ScanSink } from './deltaScanner';
import {
  cliDeltaLine,
  corpusFiles,
  corpusTranscript,
  fixtureDir,
  fixtureFiles,
  plain,
} from './fastPathTesting';
import { StreamJsonReader, type StreamJsonReaderOptions } from './streamJsonReader';

const repo = path.resolve(__dirname, '../../../..');

type Record_ = ['other', string] | ['run', number, string | undefined, string, number];

/** What the scanner makes of `text` (whole lines), other lines as their text. */
function scan(text: string, maxLen = 64 * 1024): Record_[] {
  const bytes = Buffer.from(text);
  const out: Record_[] = [];
  const sink: ScanSink = {
    other: (start, end) => out.push(['other', bytes.toString('utf8', start, end)]),
    run: (index, parent, fragments, lines) => out.push(['run', index, parent, fragments, lines]),
  };
  deltaScanner()!.scan(bytes, 0, bytes.length, maxLen, sink);
  return out;
}

const lines = (...ls: string[]) => ls.map((l) => l + '\n').join('');

describe('deltaScanner', () => {
  it('runs here (WebAssembly with SIMD), so the reader really uses it', () => {
    expect(deltaScanner()).toBeInstanceOf(DeltaScanner);
  });

  it('joins the fragments of consecutive lines of one block and parent, and returns other lines as ranges', () => {
    const init = '{"type":"system","subtype":"init"}';
    expect(
      scan(
        lines(
          init,
          cliDeltaLine('{"a', 1),
          cliDeltaLine('":1', 2),
          cliDeltaLine('x', 3, 0, 'toolu_1'),
          cliDeltaLine('y', 4, 0, 'toolu_1'),
          cliDeltaLine('z', 5, 0, 'toolu_2'),
          cliDeltaLine('[', 6, 12),
          '',
          'not json',
          cliDeltaLine(']', 7, 12),
        ),
      ),
    ).toEqual([
      ['other', init + '\n'],
      ['run', 0, undefined, '{"a":1', 2],
      ['run', 0, 'toolu_1', 'xy', 2],
      ['run', 0, 'toolu_2', 'z', 1],
      ['run', 12, undefined, '[', 1],
      ['other', '\nnot json\n'],
      ['run', 12, undefined, ']', 1],
    ]);
  });

  it('decodes the escapes JSON allows when they decode to ASCII, and declines the rest', () => {
    const decoded = '"\\/\b\f\n\r\t\u0000\u0041\u007f';
    expect(scan(lines(cliDeltaLine(decoded, 1)))).toEqual([['run', 0, undefined, decoded, 1]]);
    for (const line of [
      cliDeltaLine('x', 1).replace('"partial_json":"x"', '"partial_json":"\\u00e9"'),
      cliDeltaLine('x', 1).replace('"partial_json":"x"', '"partial_json":"\\x"'), // invalid escape
      cliDeltaLine('x', 1).replace('"partial_json":"x"', '"partial_json":"\\u12"'),
      cliDeltaLine('x', 1).replace('"partial_json":"x"', '"partial_json":"\t"'), // raw control character
    ])
      expect(scan(lines(line))).toEqual([['other', line + '\n']]);
  });

  it('takes well-formed UTF-8 in a fragment and declines any malformed sequence', () => {
    const text = 'é — 🐦 ünïcödé 日本語';
    expect(scan(lines(cliDeltaLine(text, 1), cliDeltaLine('!', 2)))).toEqual([
      ['run', 0, undefined, text + '!', 2],
    ]);
    // Wherever a sequence falls against the scanner's 16-byte blocks.
    for (let k = 0; k < 20; k++) {
      const fragment = 'x'.repeat(k) + 'é🐦日\\"é';
      expect(scan(lines(cliDeltaLine(fragment, 1)))).toEqual([['run', 0, undefined, fragment, 1]]);
    }
    const at = (bytes: number[]) => {
      const [head, tail] = cliDeltaLine('<>', 1).split('<>') as [string, string];
      return Buffer.concat([Buffer.from(head + 'a'), Buffer.from(bytes), Buffer.from('b' + tail + '\n')]);
    };
    const malformed = [
      [0x80], // a lone continuation byte
      [0xc3], // cut short
      [0xc0, 0x80], // overlong
      [0xe0, 0x80, 0x80], // overlong
      [0xed, 0xa0, 0x80], // a surrogate
      [0xf4, 0x90, 0x80, 0x80], // above U+10FFFF
      [0xf5, 0x80, 0x80, 0x80],
      [0xe2, 0x82], // cut short before the next character
    ];
    for (const bytes of malformed) {
      const line = at(bytes);
      const records: unknown[] = [];
      deltaScanner()!.scan(line, 0, line.length, 65536, {
        other: (start, end) => records.push(['other', start, end]),
        run: () => records.push('run'),
      });
      expect(records).toEqual([['other', 0, line.length]]);
    }
    const valid = at([0xf0, 0x9f, 0x90, 0xa6]);
    expect(scan(valid.toString())).toEqual([['run', 0, undefined, 'a🐦b', 1]]);
    const sessionNotAscii = cliDeltaLine('a', 1).replace('"session_id":"', '"session_id":"é');
    expect(scan(lines(sessionNotAscii))).toEqual([['other', sessionNotAscii + '\n']]);
  });

  it('takes exactly the shape cliDeltaEvent.ts accepts: indexes, CRLF, the optional uuid, no trailing text', () => {
    const noUuid =
      '{"type":"stream_event","event":{"type":"content_block_delta","index":3,"delta":{"type":"input_json_delta","partial_json":"ab"}},"session_id":"s","parent_tool_use_id":null}';
    expect(scan(noUuid + '\n')).toEqual([['run', 3, undefined, 'ab', 1]]);
    expect(scan(noUuid + '\r\n')).toEqual([['run', 3, undefined, 'ab', 1]]);
    expect(scan(cliDeltaLine('a', 1, 123456789) + '\n')).toEqual([['run', 123456789, undefined, 'a', 1]]);
    for (const line of [
      noUuid.replace('"index":3', '"index":03'),
      noUuid.replace('"index":3', '"index":1234567890'),
      noUuid.replace('"index":3', '"index":-3'),
      noUuid + ' ',
      noUuid + '\r\r',
      noUuid.replace('null}', 'nul}'),
      noUuid.replace('"s"', '"s\\"t"'),
      noUuid.replace('"s"', '"sé"'),
      noUuid.replace('{"type":"stream_event"', '{ "type":"stream_event"'),
    ])
      expect(scan(line + '\n')).toEqual([['other', line + '\n']]);
  });

  it('declines a line longer than the limit it is given', () => {
    const line = cliDeltaLine('x'.repeat(300), 1);
    expect(scan(line + '\n', line.length)).toEqual([['run', 0, undefined, 'x'.repeat(300), 1]]);
    expect(scan(line + '\n', line.length - 1)).toEqual([['other', line + '\n']]);
  });

  it('grows its memory for a large input and keeps working', () => {
    const text = lines(...Array.from({ length: 20_000 }, (_, k) => cliDeltaLine(`f${k % 10}`, k)));
    const records = scan(text);
    expect(records).toHaveLength(1);
    expect(records[0]![3]).toHaveLength(40_000);
    expect(scan(lines(cliDeltaLine('small', 1)))).toEqual([['run', 0, undefined, 'small', 1]]);
  });
});

/** Every sink call of a reader fed `bytes` as Buffers in the given chunk sizes. */
function handover(bytes: Buffer, sizes: () => number, options: StreamJsonReaderOptions): unknown[] {
  const calls: unknown[] = [];
  const reader = new StreamJsonReader({
    ...options,
    sink: { event: (e) => calls.push(plain(e)), delta: (...fields) => calls.push(fields) },
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
  const palette = [
    '"',
    '\\',
    '{',
    '}',
    ',',
    ':',
    '0',
    '1',
    ' ',
    'a',
    '\u0000',
    '\t',
    'é',
    '\ud83d',
    'n',
    'u',
    '\r',
  ];
  const out: string[] = ['\ufeff' + cliDeltaLine('first', 0)];
  for (let n = 0; n < count; n++) {
    const k = Math.floor(next() * 3);
    let line = cliDeltaLine(
      ['{"stories":[{"title":"A \\"quoted\\" é', 'plain words', '\\u0041\\n'][k]!,
      n,
      next() < 0.1 ? 1 : 0,
      next() < 0.1 ? 'toolu_9' : null,
    );
    if (next() < 0.4) {
      const at = Math.floor(next() * (line.length + 1));
      const ch = palette[Math.floor(next() * palette.length)]!;
      const op = next();
      if (op < 0.4) line = line.slice(0, at) + ch + line.slice(at);
      else if (op < 0.8) line = line.slice(0, at) + line.slice(at + 1);
      else line = line.slice(0, at) + ch + line.slice(at + 1);
    }
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
        sink: { event: () => undefined, delta: (...fields) => raw.push(...(fields[4] ?? [])) },
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

describe('generated deltaScanner.wasm.ts', () => {
  it('is up to date with deltaScanner.wat (run `npm run gen:wasm`)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/gen-wasm.mjs', '--stdout'], {
      cwd: repo,
    });
    expect(readFileSync(path.join(repo, 'src/main/llm/stream/deltaScanner.wasm.ts'), 'utf8')).toBe(stdout);
  });
});
