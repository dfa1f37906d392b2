// Reading assertion sets from files: `--assertions FILE` ({assertions: [...]}) and the per-story store
// `<project>/.puffin/assertions/<storyId>.json` ({storyId, assertions: [...]}). Only the envelope is checked here
// (id, type, target, message); type-specific fields are checked by the evaluators and reported per assertion.
import { readFile } from 'node:fs/promises';
import { STORE_DIR } from '../../shared/project';
import type { ErrorCodeOf } from '../../shared/errors';
import { ServiceError } from '../base/errors';
import type { RawAssertion } from './evaluate';
import { checkStoryId } from './resultStore';
import { readStoredSet, storyAssertionsPath } from './storySets';

export { storyAssertionsPath };

/** An unreadable assertion set; a ServiceError, so its code is one of the shared list's assertions family. */
export class AssertionInputError extends ServiceError<ErrorCodeOf<'assertions'>> {
  override readonly name = 'AssertionInputError';
}

/** Checks `{assertions: [...]}`; throws with every problem listed (`assertions[2].target: …`). */
export function parseAssertionSet(value: unknown, source: string): RawAssertion[] {
  const problems: string[] = [];
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new AssertionInputError(
      'invalid_assertions',
      `${source}: expected an object {"assertions": [...]}`,
    );
  }
  const list = (value as { assertions?: unknown }).assertions;
  if (!Array.isArray(list))
    throw new AssertionInputError('invalid_assertions', `${source}: "assertions" must be an array`);
  const ids = new Set<string>();
  list.forEach((item: unknown, i) => {
    const at = `assertions[${i}]`;
    if (typeof item !== 'object' || item === null || Array.isArray(item)) {
      problems.push(`${at}: must be an object`);
      return;
    }
    const a = item as Record<string, unknown>;
    for (const key of ['id', 'type', 'target'] as const) {
      if (typeof a[key] !== 'string' || a[key] === '')
        problems.push(`${at}.${key}: must be a non-empty string`);
    }
    if (a.message !== undefined && typeof a.message !== 'string')
      problems.push(`${at}.message: must be a string`);
    if (a.criterion !== undefined && typeof a.criterion !== 'string' && typeof a.criterion !== 'number') {
      problems.push(`${at}.criterion: must be a string or a number`);
    }
    if (typeof a.id === 'string') {
      if (ids.has(a.id)) problems.push(`${at}.id: duplicate id ${JSON.stringify(a.id)}`);
      ids.add(a.id);
    }
  });
  if (problems.length > 0) {
    const shown = problems.slice(0, 20).join('; ');
    const more = problems.length > 20 ? ` (and ${problems.length - 20} more)` : '';
    throw new AssertionInputError('invalid_assertions', `${source}: ${shown}${more}`);
  }
  return list as RawAssertion[];
}

async function readJson(file: string, label: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new AssertionInputError('file_not_found', `${label} not found: ${file}`);
    throw err;
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new AssertionInputError(
      'invalid_json',
      `${label} is not valid JSON (${file}): ${(err as Error).message}`,
    );
  }
}

export async function readAssertionsFile(file: string): Promise<RawAssertion[]> {
  return parseAssertionSet(await readJson(file, 'assertions file'), file);
}

/** The stored assertions of one story (its `storyId` field, when present, matches the file name). */
export async function readStoryAssertions(projectDir: string, storyId: string): Promise<RawAssertion[]> {
  try {
    checkStoryId(storyId);
  } catch (err) {
    throw new AssertionInputError('invalid_story_id', (err as Error).message);
  }
  const file = storyAssertionsPath(projectDir, storyId);
  const { set, problem } = await readStoredSet(projectDir, storyId);
  if (problem) {
    const code = problem.reason.startsWith('not valid JSON') ? 'invalid_json' : 'invalid_assertions';
    throw new AssertionInputError(
      code,
      `${file}: ${problem.reason}; it was kept aside as ${STORE_DIR}/${problem.keptAs}`,
    );
  }
  if (!set)
    throw new AssertionInputError(
      'file_not_found',
      `assertions of story ${JSON.stringify(storyId)} not found: ${file}`,
    );
  return parseAssertionSet(set, file);
}
