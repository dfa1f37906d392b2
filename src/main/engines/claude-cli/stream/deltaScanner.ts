/**
 * The CLI's input_json_delta lines read straight from stdout's bytes, in WebAssembly (deltaScanner.wat).
 *
 * Why: a previewed answer arrives as thousands of ~300-byte delta lines, each carrying ~20 bytes of the answer.
 * Read in JavaScript, every line costs a decoded copy of its bytes, a regex over its whole envelope and a call per
 * line (~175 ns, most of sendPrompt's own CPU on a large answer, docs/benchmarks.md). The scanner checks the exact
 * shape with 16-byte compares, copies the fragments of a run of lines (one block of one agent) next to each other,
 * and hands JavaScript one string per run; the other lines come back as byte ranges for the usual path.
 * Exactness: it accepts only what cliDeltaEvent.ts's regexes accept, and only lines whose fragment is well-formed
 * UTF-8 (so fragments decode alike apart or joined), whose ids are ASCII and whose escapes decode to ASCII; it
 * declines everything else, which then goes the usual way (the differential tests compare both).
 */
import { DELTA_SCANNER_WASM } from './deltaScanner.wasm';

/** Where the scanner hands each record, in stdout order. */
export interface ScanSink {
  /** Lines that are not fast-path deltas: chunk[start, end), complete lines (end is after a newline). */
  other(start: number, end: number): void;
  /**
   * A run of delta lines of one block and parent, their fragments decoded and joined in `text`; the lines
   * themselves are chunk[start, end) (end is after the last one's newline).
   */
  run(
    index: number,
    parent: string | undefined,
    text: string,
    lines: number,
    start: number,
    end: number,
  ): void;
}

/** The part of WebAssembly's API used here (its types live in TypeScript's DOM library, which main code does not load). */
interface WasmMemory {
  readonly buffer: ArrayBuffer;
  grow(pages: number): number;
}
interface WasmApi {
  Module: new (bytes: Uint8Array) => object;
  Instance: new (module: object) => { exports: object };
}

interface ScannerExports {
  memory: WasmMemory;
  scan(input: number, length: number, out: number, records: number, maxLen: number): number;
}

/** Where the input starts: the literals the scanner compares against live below. */
const INPUT = 1024;
/** Zero bytes after the input: the scanner's 16-byte loads and literal compares may run into them. */
const PADDING = 256;
const PAGE = 64 * 1024;
const align16 = (n: number) => (n + 15) & ~15;

export class DeltaScanner {
  private readonly wasm: ScannerExports;
  private bytes: Buffer;
  private ints: Int32Array;

  constructor(wasm: ScannerExports) {
    this.wasm = wasm;
    this.bytes = Buffer.from(wasm.memory.buffer);
    this.ints = new Int32Array(wasm.memory.buffer);
  }

  /**
   * Scans chunk[from, to), which must be whole lines (chunk[to - 1] is a newline), and hands every record to
   * `sink` in order. Lines longer than `maxLen` bytes are never taken as deltas.
   */
  scan(chunk: Uint8Array, from: number, to: number, maxLen: number, sink: ScanSink): void {
    const n = to - from;
    const out = align16(INPUT + n + PADDING);
    const records = align16(out + n + 64);
    // At most two records (of 64 bytes) per 160 bytes: a delta line is longer, and runs and other lines alternate
    // at worst.
    this.ensure(records + n + 256);
    const bytes = this.bytes;
    bytes.set(chunk.subarray(from, to), INPUT);
    bytes.fill(0, INPUT + n, INPUT + n + PADDING);
    const count = this.wasm.scan(INPUT, n, out, records, maxLen);
    // Everything is copied out of the module's memory before the sink hears of any of it: a sink may read more
    // stdout (another reader, the same scanner) before it returns.
    const ints = this.ints.slice(records >> 2, (records >> 2) + count * 16);
    // Per run record: its fragments' text and its parent (undefined for null).
    const runs: [string, string | undefined][] = [];
    for (let at = 0; at < ints.length; at += 16) {
      if (ints[at] === 0) continue;
      const parentStart = ints[at + 2]!;
      runs.push([
        bytes.toString('utf8', ints[at + 4], ints[at + 5]),
        parentStart < 0 ? undefined : bytes.toString('latin1', parentStart, ints[at + 3]),
      ]);
    }
    for (let at = 0, run = 0; at < ints.length; at += 16) {
      if (ints[at] === 0) {
        sink.other(ints[at + 1]! - INPUT + from, ints[at + 2]! - INPUT + from);
        continue;
      }
      const [text, parent] = runs[run++]!;
      sink.run(
        ints[at + 1]!,
        parent,
        text,
        ints[at + 6]!,
        ints[at + 7]! - INPUT + from,
        ints[at + 8]! - INPUT + from,
      );
    }
  }

  private ensure(size: number): void {
    const memory = this.wasm.memory;
    if (memory.buffer.byteLength >= size) return;
    memory.grow(Math.ceil((size - memory.buffer.byteLength) / PAGE));
    this.bytes = Buffer.from(memory.buffer);
    this.ints = new Int32Array(memory.buffer);
  }
}

let shared: DeltaScanner | null | undefined;

/**
 * The process's scanner, made on first use; null where WebAssembly (with SIMD) cannot run it, and then every line
 * goes the JavaScript way. One is enough: a scan runs synchronously and its results are copied out before any
 * sink is called.
 */
export function deltaScanner(): DeltaScanner | null {
  if (shared !== undefined) return shared;
  try {
    const wasm = (globalThis as unknown as { WebAssembly: WasmApi }).WebAssembly;
    const module = new wasm.Module(Buffer.from(DELTA_SCANNER_WASM, 'base64'));
    shared = new DeltaScanner(new wasm.Instance(module).exports as ScannerExports);
  } catch {
    shared = null;
  }
  return shared;
}
