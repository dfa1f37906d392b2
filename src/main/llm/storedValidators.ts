/**
 * Validators Ajv compiled once, kept as its standalone code per schema text across processes. Compiling even a
 * small schema costs 5-15 ms of CPU in a fresh process (Ajv's code generator runs cold), and `puffin prompt` is a
 * new process per call that compiles the contract's request schema and the caller's schema, usually both seen
 * before. A stored validator is the code Ajv generated for that exact text, compiler and options, so it accepts
 * exactly what a fresh compile would; callers use it only to say "valid" and compile for real whenever it says
 * "invalid" (the error details then come from Ajv as always) or nothing is stored.
 *
 * Only texts that compiled are stored (so a stored text also passed the meta-schema and strict checks), one file
 * per text named by a hash of the compiler's identity and the text, written whole and then renamed. A file that
 * does not load (missing, cut short, needing a runtime module not listed here) counts as not stored.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
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

/** Stores validators as files in `dir` (created when first needed); a folder that cannot be written stores nothing. */
export function storedValidatorFiles(dir: string, compilerId: string): StoredValidators {
  // Concatenated, not path.join: its normalising of the 64-character name cost more than the hash.
  const base = join(dir, '/');
  const file = (text: string) =>
    `${base}${createHash('sha256').update(`${compilerId}\0${text}`).digest('hex')}.js`;
  return {
    load(text) {
      let code: string;
      try {
        code = readFileSync(file(text), 'utf8');
      } catch {
        return null;
      }
      return loadStandalone(code);
    },
    store(text, ajv, compiled) {
      try {
        const code = standaloneModule().default(ajv, compiled);
        mkdirSync(dir, { recursive: true });
        const target = file(text);
        const tmp = `${target}.${process.pid}.tmp`;
        writeFileSync(tmp, code);
        renameSync(tmp, target);
      } catch {
        // Only a cache: the next process compiles the schema again.
      }
    },
  };
}
