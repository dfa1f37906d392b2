/**
 * Schema texts already checked against the JSON Schema meta-schema, remembered across processes: compiling the
 * meta-schema's validator costs about 25 ms of CPU at every start of a process, more than compiling a typical user
 * schema, and `puffin prompt --schema` is a new process per call, usually with a schema it has seen before. The
 * check is a pure function of the schema text and Ajv's version, so a text that passed once passes again; only
 * passes are remembered (one empty file per text, named by a hash), so a refused schema is always checked again.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export interface CheckedSchemas {
  has(schemaText: string): boolean;
  add(schemaText: string): void;
}

/** Remembers passes as files in `dir` (created when first needed); a folder that cannot be written remembers nothing. */
export function checkedSchemaFiles(dir: string, checkerVersion: string): CheckedSchemas {
  const file = (text: string) =>
    join(dir, createHash('sha256').update(`${checkerVersion}\0${text}`).digest('hex'));
  return {
    has: (text) => existsSync(file(text)),
    add: (text) => {
      try {
        mkdirSync(dir, { recursive: true });
        writeFileSync(file(text), '');
      } catch {
        // Only a cache: the next process checks the schema again.
      }
    },
  };
}
