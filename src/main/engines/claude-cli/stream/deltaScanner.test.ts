// The WebAssembly delta scanner: what it takes and declines, on lines built to probe each part of the shape
// (escapes, UTF-8, indexes, CRLF, ids, limits), and that the module in the repository is the one its source makes.
// That a reader using it hands over exactly what the JavaScript path does: scannedReader.test.ts.
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { DeltaScanner, deltaScanner, type ScanSink } from './deltaScanner';
import { cliDeltaLine } from './fastPathTesting';
const repo = path.resolve(__dirname, '../../../../..');

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

describe('generated deltaScanner.wasm.ts', () => {
  it('is up to date with deltaScanner.wat (run `npm run gen:wasm`)', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['scripts/gen-wasm.mjs', '--stdout'], {
      cwd: repo,
    });
    expect(
      readFileSync(path.join(repo, 'src/main/engines/claude-cli/stream/deltaScanner.wasm.ts'), 'utf8'),
    ).toBe(stdout);
  });
});
