// The assertions of each story in the store's `assertions/<storyId>.json` ({storyId, assertions}), written by the
// specs step of the plans journey and read by the Assertions panel and `puffin assertions evaluate --story`.
import path from 'node:path';
import type { Assertion } from '../../shared/assertions';
import type { StoreProblem } from '../../shared/project';
import type { StoredAssertionSet } from '../../shared/schema-types';
import { FOLDERS } from '../store/folders';
import { RecordFolder } from '../store/recordFolder';
import { storeDirOf } from '../store/storeMeta';
import { checkStoryId } from './resultStore';

function sets(projectDir: string): RecordFolder<StoredAssertionSet> {
  return new RecordFolder<StoredAssertionSet>({ dir: storeDirOf(projectDir) }, FOLDERS.assertions);
}

export function storyAssertionsPath(projectDir: string, storyId: string): string {
  checkStoryId(storyId);
  return path.join(sets(projectDir).dir, `${storyId}.json`);
}

/** The ids of the stories that have a set (file names, including sets that turn out unreadable). */
export function storyIdsWithSets(projectDir: string): Promise<string[]> {
  return sets(projectDir).keys();
}

/** The stored set of a story; when it was unreadable, it was kept aside and `problem` says where and why. */
export async function readStoredSet(
  projectDir: string,
  storyId: string,
): Promise<{ set?: StoredAssertionSet; problem?: StoreProblem }> {
  checkStoryId(storyId);
  const folder = sets(projectDir);
  const set = await folder.get(storyId);
  const problem = folder.problems[0];
  return set ? { set } : problem ? { problem } : {};
}

export async function writeStoryAssertions(
  projectDir: string,
  storyId: string,
  assertions: Assertion[],
): Promise<void> {
  await sets(projectDir).put({ storyId, assertions });
}
