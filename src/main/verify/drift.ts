/**
 * Drift: a story whose assertions were edited or deleted since they last all passed. A passing verdict then says
 * less than it did (a weakened or removed check passes more easily), so verify names the story and what changed.
 * Each run verify records keeps a fingerprint of every assertion it evaluated; the last passing run's are compared
 * with the stored assertions now.
 */
import { createHash } from 'node:crypto';
import type { AssertionRun } from '../../shared/assertions';
import type { StoryDrift } from '../../shared/verify';
import type { RawAssertion } from '../assertions/evaluate';
import { stableValue } from '../store/recordFile';

/** Key order does not matter: the same assertion saved by another face hashes the same. */
export function assertionFingerprint(a: RawAssertion): string {
  return createHash('sha256')
    .update(JSON.stringify(stableValue(a)))
    .digest('hex')
    .slice(0, 16);
}

const idOf = (a: RawAssertion, i: number) => (typeof a.id === 'string' ? a.id : `#${i}`);

/** The run with each result's assertion fingerprint, as verify records it. */
export function withFingerprints(run: AssertionRun, assertions: readonly RawAssertion[]): AssertionRun {
  const prints = new Map(assertions.map((a, i) => [idOf(a, i), assertionFingerprint(a)]));
  return {
    ...run,
    results: run.results.map((r) => {
      const fingerprint = prints.get(r.assertionId);
      return fingerprint ? { ...r, fingerprint } : r;
    }),
  };
}

/** What changed since the last run where every assertion passed (and fingerprints were kept); null when nothing. */
export function driftOf(
  assertions: readonly RawAssertion[],
  earlierRuns: readonly AssertionRun[],
): StoryDrift | null {
  const passed = [...earlierRuns]
    .reverse()
    .find(
      (r) =>
        r.results.length > 0 &&
        r.results.every((x) => x.status === 'pass') &&
        r.results.every((x) => typeof x.fingerprint === 'string'),
    );
  if (!passed) return null;
  const now = new Map(assertions.map((a, i) => [idOf(a, i), assertionFingerprint(a)]));
  const edited: string[] = [];
  const deleted: string[] = [];
  for (const r of passed.results) {
    const print = now.get(r.assertionId);
    if (print === undefined) deleted.push(r.assertionId);
    else if (print !== r.fingerprint) edited.push(r.assertionId);
  }
  if (edited.length === 0 && deleted.length === 0) return null;
  return { edited, deleted, lastPassedCommit: passed.commit, lastPassedAt: passed.startedAt };
}

/** One line for the user: which assertions changed, and since which passing run. */
export function driftWarning(title: string, d: StoryDrift): string {
  const what = [
    d.edited.length ? `${d.edited.join(', ')} edited` : '',
    d.deleted.length ? `${d.deleted.join(', ')} deleted` : '',
  ].filter(Boolean);
  const since = d.lastPassedCommit ? `commit ${d.lastPassedCommit.slice(0, 7)}` : d.lastPassedAt;
  return `Story "${title}": assertions ${what.join(' and ')} since they last all passed (${since}); its verdict proves less than it did.`;
}
