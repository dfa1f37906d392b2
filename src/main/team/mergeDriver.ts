/**
 * `puffin merge-driver %O %A %B %P`: git's merge of one `.puffin/` record file. The three versions are parsed and
 * merged field by field (mergeValues.ts); the merge is written into the current version's file (%A), which git
 * takes as the result. Fields both sides changed differently keep the current value and are recorded in
 * `.puffin/conflicts/` (conflictStore.ts); the merge then says so, and the command exits 1 so git stops and the
 * user looks. An input that does not parse, or a merge its folder's schema refuses, leaves %A exactly as it was.
 */
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import type { MergeRecordResult } from '../../shared/team';
import { writeFileAtomic } from '../base/atomicFile';
import { recordText } from '../store/recordFile';
import { recordConflict } from './conflictStore';
import { mergeValues } from './mergeValues';
import { recordPlace } from './recordPlace';

export interface MergeFiles {
  /** %O: the common ancestor's version (an empty file when there is none). */
  ancestor: string;
  /** %A: the current branch's version; the merge is written here. */
  current: string;
  /** %B: the other branch's version. */
  other: string;
  /** %P: the record's path in the work tree (absolute, or relative to `cwd`). */
  path: string;
}

type Parsed = { ok: true; value: unknown } | { ok: false; why: string };

async function parse(file: string, what: string, emptyIsNone: boolean): Promise<Parsed> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    return { ok: false, why: `${what} (${file}) cannot be read: ${(err as Error).message}` };
  }
  if (emptyIsNone && text.trim() === '') return { ok: true, value: undefined };
  try {
    return { ok: true, value: JSON.parse(text) as unknown };
  } catch (err) {
    return { ok: false, why: `${what} is not valid JSON (${(err as Error).message})` };
  }
}

export async function mergeRecordFiles(files: MergeFiles, cwd = process.cwd()): Promise<MergeRecordResult> {
  const shown = relative(cwd, files.path).split('\\').join('/') || files.path;
  const left = (refused: string): MergeRecordResult => ({
    path: shown,
    written: false,
    conflicts: [],
    conflictsFile: null,
    refused: `${refused}; ${shown} was left as the current branch has it: merge it by hand.`,
  });
  const [ancestor, current, other] = await Promise.all([
    parse(files.ancestor, 'the common ancestor', true),
    parse(files.current, 'the current branch’s version', false),
    parse(files.other, 'the other branch’s version', false),
  ]);
  for (const p of [current, other, ancestor]) if (!p.ok) return left(p.why);
  const value = (p: Parsed) => (p.ok ? p.value : undefined);
  const merged = mergeValues(value(ancestor), value(current), value(other));
  const place = recordPlace(files.path);
  const problem = merged.value === undefined ? 'the merge deletes the record' : place?.check?.(merged.value);
  if (problem) return left(`the merged record is not valid: ${problem}`);
  await writeFileAtomic(files.current, recordText(merged.value));
  let conflictsFile: string | null = null;
  if (merged.conflicts.length > 0 && place) {
    const written = await recordConflict(place, {
      id: randomUUID(),
      conflicting: true,
      at: new Date().toISOString(),
      fields: merged.conflicts,
    });
    conflictsFile = relative(cwd, written).split('\\').join('/');
  }
  return { path: shown, written: true, conflicts: merged.conflicts, conflictsFile, refused: null };
}
