// FILE_CONTAINS and PATTERN_MATCH: searches over file text. Literal search streams files too large to read whole;
// regex search runs under the context's time bound and refuses oversized files.
import type { SourceLocation } from '../../../shared/assertions';
import type { EvaluationContext } from '../context';
import { optEnum, regexFlags, reqString, specOf } from '../fields';
import type { FileEntry } from '../paths';
import { BoundedRegex } from '../regex';
import { locationAt, streamFindLiteral } from '../textScan';
import { isOutcome, targetFiles, type TargetRule } from './targetFiles';
import { fail, pass, quote, type Evaluator, type Outcome } from './types';

interface Needle {
  kind: 'literal' | 'regex';
  content: string;
  flags: string;
}

/** In a glob, binary files (images, fonts) are simply not text candidates; a named binary file is an error. */
const TEXT_FILES = (ctx: EvaluationContext): TargetRule => ({
  unit: 'file',
  kept: 'text file',
  keeps: async (entry) => !(await ctx.isBinary(entry)),
  refuses: async (entry) =>
    (await ctx.isBinary(entry))
      ? 'is a binary file (NUL byte in the first 8 KB); text checks do not apply'
      : null,
  keepsReadsContent: true,
});

async function findLiteral(
  ctx: EvaluationContext,
  entry: FileEntry,
  needle: string,
): Promise<SourceLocation | null> {
  if (entry.size > ctx.maxParseBytes) {
    const hit = await streamFindLiteral(entry.abs, needle);
    return hit && { file: entry.rel, ...hit };
  }
  const text = await ctx.readText(entry);
  const index = text.indexOf(needle);
  return index === -1 ? null : locationAt(entry.rel, text, index);
}

/** First hit across the files, in order: literal file by file, regex in one time-bounded call over all texts. */
async function firstHit(
  ctx: EvaluationContext,
  entries: FileEntry[],
  needle: Needle,
): Promise<SourceLocation | null> {
  if (needle.kind === 'literal') {
    for (const entry of entries) {
      const loc = await findLiteral(ctx, entry, needle.content);
      if (loc) return loc;
    }
    return null;
  }
  const texts: string[] = [];
  for (const entry of entries) {
    await ctx.assertReadable(entry, 'regex matching');
    texts.push(await ctx.readText(entry));
  }
  const hit = ctx.regex.search(needle.content, needle.flags, texts);
  return hit && locationAt(entries[hit.text]!.rel, texts[hit.text]!, hit.index);
}

function describe(needle: Needle): string {
  return needle.kind === 'literal' ? quote(needle.content) : `/${needle.content}/${needle.flags}`;
}

function at(loc: SourceLocation): string {
  return `${quote(loc.file)} line ${loc.line}, column ${loc.column}`;
}

async function check(
  ctx: EvaluationContext,
  target: string,
  needle: Needle,
  wantPresent: boolean,
): Promise<Outcome> {
  const files = await targetFiles(ctx, target, TEXT_FILES(ctx));
  if (isOutcome(files)) return files;
  const loc = await firstHit(ctx, files.entries, needle);
  const what = describe(needle);
  const note = files.skipped ? ` (${files.skipped} binary file(s) skipped)` : '';
  if (wantPresent) {
    return loc
      ? pass(`${what} found at ${at(loc)}`, loc)
      : fail(`${what} not found in ${files.label}${note}`);
  }
  return loc
    ? fail(`${what} must be absent but occurs at ${at(loc)}`, loc)
    : pass(`${what} does not occur in ${files.label}${note}`);
}

/** FILE_CONTAINS `{match?: 'literal'|'regex', content, operator?: 'contains'|'not_contains', flags?}`. */
export const evaluateFileContains: Evaluator = async (ctx, a) => {
  const spec = specOf(a);
  const kind = optEnum(spec, 'match', ['literal', 'regex'] as const) ?? 'literal';
  const content = reqString(spec, 'content');
  const operator = optEnum(spec, 'operator', ['contains', 'not_contains'] as const) ?? 'contains';
  const flags = kind === 'regex' ? regexFlags(spec) : '';
  if (kind === 'regex') BoundedRegex.check(content, flags, 'assertion.content');
  return check(ctx, a.target, { kind, content, flags }, operator === 'contains');
};

/** PATTERN_MATCH `{pattern, operator?: 'present'|'absent', flags?}`. */
export const evaluatePatternMatch: Evaluator = async (ctx, a) => {
  const spec = specOf(a);
  const pattern = reqString(spec, 'pattern');
  const operator = optEnum(spec, 'operator', ['present', 'absent'] as const) ?? 'present';
  const flags = regexFlags(spec);
  BoundedRegex.check(pattern, flags, 'assertion.pattern');
  return check(ctx, a.target, { kind: 'regex', content: pattern, flags }, operator === 'present');
};
