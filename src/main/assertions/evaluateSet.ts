// `assertions:evaluate`: assertions evaluated against a project folder, from a given list or from a story's
// stored set (`<project>/.puffin/assertions/<storyId>.json`), whose run is appended to
// `<project>/.puffin/assertions/results/<storyId>.json` unless `save` is false. Works on any folder: the
// project does not have to be the opened one (a CI gate evaluates a checkout).
import { stat } from 'node:fs/promises';
import path from 'node:path';
import type { AssertionResult } from '../../shared/assertions';
import type { RequestOf } from '../../shared/ipc/contract';
import type { AssertionsEvaluation, EvaluatedAssertion } from '../../shared/ipc/assertionChannels';
import { ServiceError } from '../base/errors';
import type { RawAssertion } from './evaluate';
import { parseAssertionSet, readStoryAssertions } from './input';
import { appendRun } from './resultStore';
import { storyIdsWithSets } from './storySets';
import { isShortId, matchId, shortId } from '../../shared/shortIds';

function row(a: RawAssertion, r: AssertionResult): EvaluatedAssertion {
  return {
    id: r.assertionId,
    type: a.type,
    target: a.target,
    message: a.message ?? '',
    ...(a.criterion !== undefined ? { criterion: a.criterion } : {}),
    status: r.status,
    reason: r.reason,
    location: r.location ?? null,
    durationMs: r.durationMs,
  };
}

/**
 * A short id (`PUF-xxxx`) names the one story with a stored set whose id starts so; one that fits several is
 * refused with them. Anything else is the story id as given.
 */
async function storyIdOf(project: string, given: string): Promise<string> {
  if (!isShortId(given)) return given;
  const ids = await storyIdsWithSets(project);
  const match = matchId(given, ids);
  if (match.kind === 'found') return match.id;
  if (match.kind !== 'ambiguous') return given;
  const candidates = match.candidates.map((id) => ({ id, shortId: shortId(id, ids) }));
  throw new ServiceError(
    'ambiguous_id',
    `${given} fits the assertions of ${candidates.length} stories: ${candidates.map((c) => c.shortId).join(', ')}.`,
    { candidates },
  );
}

export async function evaluateSet(req: RequestOf<'assertions:evaluate'>): Promise<AssertionsEvaluation> {
  if ((req.storyId === undefined) === (req.assertions === undefined))
    throw new ServiceError('invalid_payload', 'Give either a storyId or a list of assertions, not both.');
  const project = path.resolve(req.project);
  const s = await stat(project).catch(() => null);
  if (!s?.isDirectory()) throw new ServiceError('project_not_found', `project folder not found: ${project}`);
  const storyId = req.storyId === undefined ? undefined : await storyIdOf(project, req.storyId);
  // Ids must be unique: the contract checks each assertion's envelope, parseAssertionSet the set.
  const assertions =
    storyId !== undefined
      ? await readStoryAssertions(project, storyId)
      : parseAssertionSet({ assertions: req.assertions }, 'the assertions list');
  // Loaded by the command that evaluates: the evaluators bring TypeScript, postcss and css-tree.
  const { evaluateAssertions } = await import('./evaluate');
  const result = await evaluateAssertions(project, assertions);
  const warnings: string[] = [];
  let saved: string | null = null;
  if (storyId !== undefined && req.save !== false) {
    const outcome = await appendRun(project, storyId, result);
    saved = outcome.path;
    if (outcome.movedAside)
      warnings.push(
        `previous results file was unreadable (${outcome.movedAside.reason}); kept as ${outcome.movedAside.path}`,
      );
  }
  return {
    project,
    ...(storyId !== undefined ? { storyId } : {}),
    results: result.results.map((r, i) => row(assertions[i]!, r)),
    summary: result.summary,
    commit: result.commit,
    startedAt: result.startedAt,
    durationMs: result.durationMs,
    saved,
    warnings,
  };
}
