// The files an assertion's target names, with the cases every file-reading check decides the same way: a named file
// that is missing fails, one that is not a regular file (or one the check refuses) is an evaluation error, a glob
// keeps only the files the check reads and fails when none is left.
import type { EvaluationContext } from '../context';
import { AssertionEvalError } from '../errors';
import type { FileEntry } from '../paths';
import { fail, quote, type Outcome } from './types';

export interface TargetRule {
  /** What one such file is called in a reason: "file", "stylesheet". */
  unit: string;
  /** The files a glob keeps, for "no … matches": "TypeScript/JavaScript file", "text file", "stylesheet". */
  kept: string;
  /** Whether a glob match is one the check reads (the others are left out). */
  keeps(entry: FileEntry): boolean | Promise<boolean>;
  /** Why the one named file cannot be checked (an evaluation error), or null when it can. */
  refuses?(entry: FileEntry): string | null | Promise<string | null>;
  /** `keeps` reads the files: fetch every match before filtering (otherwise only the kept ones are fetched). */
  keepsReadsContent?: boolean;
}

export interface TargetFiles {
  entries: FileEntry[];
  /** How to name the target in a reason: `"src/a.ts"` or `3 file(s) matching "src/**"`. */
  label: string;
  /** Glob matches the check could not read (left out). */
  skipped: number;
}

export function isOutcome(value: object): value is Outcome {
  return 'status' in value;
}

export async function targetFiles(
  ctx: EvaluationContext,
  target: string,
  rule: TargetRule,
): Promise<TargetFiles | Outcome> {
  const resolved = await ctx.resolveTarget(target);
  if (!resolved.glob) {
    const entry = resolved.entries[0];
    if (!entry) return fail(`${rule.unit} ${quote(resolved.target)} does not exist`);
    if (entry.kind !== 'file')
      throw new AssertionEvalError(`${quote(entry.rel)} is a ${entry.kind}, not a file`);
    const refusal = (await rule.refuses?.(entry)) ?? null;
    if (refusal !== null) throw new AssertionEvalError(`${quote(entry.rel)} ${refusal}`);
    return { entries: [entry], label: quote(entry.rel), skipped: 0 };
  }
  if (rule.keepsReadsContent) await ctx.prefetch(resolved.entries);
  const entries: FileEntry[] = [];
  for (const e of resolved.entries) if (await rule.keeps(e)) entries.push(e);
  if (entries.length === 0) return fail(`no ${rule.kept} matches ${quote(resolved.target)}`);
  if (!rule.keepsReadsContent) await ctx.prefetch(entries);
  return {
    entries,
    label: `${entries.length} ${rule.unit}(s) matching ${quote(resolved.target)}`,
    skipped: resolved.entries.length - entries.length,
  };
}
