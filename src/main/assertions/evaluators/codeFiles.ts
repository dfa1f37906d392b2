// Resolves an assertion's target to parsed TypeScript/JavaScript files, with the common fail/error cases decided once.
import type ts from 'typescript';
import type { SourceLocation } from '../../../shared/assertions';
import { isCodeFile, type EvaluationContext } from '../context';
import { AssertionEvalError } from '../errors';
import type { FileEntry } from '../paths';
import { fail, quote, type Outcome } from './types';

export interface ParsedFile {
  entry: FileEntry;
  sf: ts.SourceFile;
}

export interface CodeTarget {
  files: ParsedFile[];
  /** How to name the target in a reason: `"src/a.ts"` or `files matching "src/**"`. */
  label: string;
}

export async function codeTarget(ctx: EvaluationContext, target: string): Promise<CodeTarget | Outcome> {
  const resolved = await ctx.resolveTarget(target);
  if (!resolved.glob) {
    const entry = resolved.entries[0];
    if (!entry) return fail(`file ${quote(resolved.target)} does not exist`);
    if (entry.kind !== 'file')
      throw new AssertionEvalError(`${quote(entry.rel)} is a ${entry.kind}, not a file`);
    if (!isCodeFile(entry.rel)) {
      throw new AssertionEvalError(
        `${quote(entry.rel)} is not a TypeScript/JavaScript file (.ts .tsx .js .jsx .mjs .cjs)`,
      );
    }
    return { files: [{ entry, sf: await ctx.sourceFile(entry) }], label: quote(entry.rel) };
  }
  const entries = resolved.entries.filter((e) => isCodeFile(e.rel));
  if (entries.length === 0) return fail(`no TypeScript/JavaScript file matches ${quote(resolved.target)}`);
  await ctx.prefetch(entries);
  const files: ParsedFile[] = [];
  for (const entry of entries) files.push({ entry, sf: await ctx.sourceFile(entry) });
  return { files, label: `${entries.length} file(s) matching ${quote(resolved.target)}` };
}

export function isOutcome(value: CodeTarget | Outcome): value is Outcome {
  return 'status' in value;
}

export function nodeLocation(file: ParsedFile, node: ts.Node): SourceLocation {
  const { line, character } = file.sf.getLineAndCharacterOfPosition(node.getStart(file.sf));
  return { file: file.entry.rel, line: line + 1, column: character + 1 };
}
