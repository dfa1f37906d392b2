/**
 * Validators Ajv compiled once, kept as its standalone code per schema text across processes. Compiling even a
 * small schema costs 5-15 ms of CPU in a fresh process (Ajv's code generator runs cold), and `puffin prompt` is a
 * new process per call that compiles the contract's request schema and the caller's schema, usually both seen
 * before. A stored validator is the code Ajv generated for that exact text, compiler and options, so it accepts
 * exactly what a fresh compile would; callers use it only to say "valid" and compile for real whenever it says
 * "invalid" (the error details then come from Ajv as always) or nothing is stored.
 *
 * Only texts that compiled are stored (so a stored text also passed the meta-schema and strict checks), one file
 * per text, written whole and then renamed. The file is named by a quick hash of the compiler's identity and the
 * text, and its first line holds both: a file whose first line is not exactly them (another text with the same
 * hash) or that does not load (missing, cut short, needing a runtime module not listed here) counts as not stored.
 * (No sha256: node:crypto costs ~3 ms of CPU to load.)
 */
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Ajv, ValidateFunction } from 'ajv';
import { standaloneModule, standaloneRuntime } from './lazyAjv';

/** A stored validator: true when the data is valid. */
export type StoredCheck = (data: unknown) => boolean;

export interface StoredValidators {
  /** The validator stored for this schema text, or null. */
  load(schemaText: string): StoredCheck | null;
  /** Stores what `ajv` (created with `code: { source: true }`) compiled from this text; never throws. */
  store(schemaText: string, ajv: Ajv, compiled: ValidateFunction): void;
}

function runtimeRequire(id: string): unknown {
  const found = standaloneRuntime(id);
  if (found === undefined) throw new Error(`a stored validator needs ${id}`);
  return found;
}

/** Evaluates standalone code (CommonJS: it assigns module.exports); null when it does not load. */
export function loadStandalone(code: string): StoredCheck | null {
  try {
    const module = { exports: {} as unknown };
    // The code is Ajv's own output for a schema, stored by store() below under a name only its text leads to.
    new Function('require', 'module', 'exports', code)(runtimeRequire, module, module.exports);
    return typeof module.exports === 'function' ? (module.exports as StoredCheck) : null;
  } catch {
    return null;
  }
}

/** 64 bits of FNV-1a (two 32-bit rounds with different offsets), as 16 hex digits: a file name, not a proof. */
function quickHash(text: string): string {
  let a = 0x811c9dc5;
  let b = 0x01000193 ^ 0x5bd1e995;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    a = Math.imul(a ^ c, 0x01000193);
    b = Math.imul(b ^ c, 0x01000193);
  }
  return (a >>> 0).toString(16).padStart(8, '0') + (b >>> 0).toString(16).padStart(8, '0');
}

/** The line a stored file starts with: a comment naming its compiler and text (U+2028/9 would end the line). */
const headerOf = (key: string) =>
  `// ${JSON.stringify(key).replaceAll('\u2028', '\\u2028').replaceAll('\u2029', '\\u2029')}\n`;

/** Stores validators as files in `dir` (created when first needed); a folder that cannot be written stores nothing. */
export function storedValidatorFiles(dir: string, compilerId: string): StoredValidators {
  // Concatenated, not path.join: its normalising of every name cost more than the hash.
  const base = join(dir, '/');
  const keyOf = (text: string) => `${compilerId}\0${text}`;
  const file = (key: string) => `${base}${quickHash(key)}.js`;
  return {
    load(text) {
      const key = keyOf(text);
      let code: string;
      try {
        code = readFileSync(file(key), 'utf8');
      } catch {
        return null;
      }
      return code.startsWith(headerOf(key)) ? loadStandalone(code) : null;
    },
    store(text, ajv, compiled) {
      let tmp: string | undefined;
      try {
        const key = keyOf(text);
        const code = headerOf(key) + standaloneModule().default(ajv, compiled);
        mkdirSync(dir, { recursive: true });
        const target = file(key);
        tmp = `${target}.${process.pid}.tmp`; // named by its writer: the next start sweeps it once that is dead
        writeFileSync(tmp, code);
        renameSync(tmp, target);
      } catch {
        // Only a cache: the next process compiles the schema again. A part written before a full disk is no use.
        try {
          if (tmp) rmSync(tmp, { force: true });
        } catch {
          // Swept at the next start (store/tempSweep.ts).
        }
      }
    },
  };
}
