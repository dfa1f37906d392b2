// Resolves an assertion's target to parsed TypeScript/JavaScript files, with the common fail/error cases decided once.
import type ts from 'typescript';
import type { SourceLocation } from '../../../shared/assertions';
import { isCodeFile, type EvaluationContext } from '../context';
import type { FileEntry } from '../paths';
import { isOutcome, targetFiles, type TargetRule } from './targetFiles';
import type { Outcome } from './types';

export interface ParsedFile {
  entry: FileEntry;
  sf: ts.SourceFile;
}

export interface CodeTarget {
  files: ParsedFile[];
  /** How to name the target in a reason: `"src/a.ts"` or `files matching "src/**"`. */
  label: string;
}

const CODE_FILES: TargetRule = {
  unit: 'file',
  kept: 'TypeScript/JavaScript file',
  keeps: (entry) => isCodeFile(entry.rel),
  refuses: (entry) =>
    isCodeFile(entry.rel) ? null : 'is not a TypeScript/JavaScript file (.ts .tsx .js .jsx .mjs .cjs)',
};

export async function codeTarget(ctx: EvaluationContext, target: string): Promise<CodeTarget | Outcome> {
  const found = await targetFiles(ctx, target, CODE_FILES);
  if (isOutcome(found)) return found;
  const files: ParsedFile[] = [];
  for (const entry of found.entries) files.push({ entry, sf: await ctx.sourceFile(entry) });
  return { files, label: found.label };
}

export { isOutcome };

export function nodeLocation(file: ParsedFile, node: ts.Node): SourceLocation {
  const { line, character } = file.sf.getLineAndCharacterOfPosition(node.getStart(file.sf));
  return { file: file.entry.rel, line: line + 1, column: character + 1 };
}
