// Runs assertions against a project: one shared EvaluationContext per run, one result per assertion, never a throw
// for a bad assertion (unknown type, malformed fields, refused target all become `error` results).
import { performance } from 'node:perf_hooks';
import {
  normalizeAssertionType,
  summarize,
  type AssertionResult,
  type AssertionRun,
  type AssertionType,
} from '../../shared/assertions';
import { EvaluationContext, type EvaluateOptions } from './context';
import { AssertionEvalError } from './errors';
import { evaluateClassStructure } from './evaluators/classStructure';
import { evaluateCssSelector } from './evaluators/cssSelector';
import { evaluateExportExists } from './evaluators/exportExists';
import { evaluateFileExists } from './evaluators/fileExists';
import { evaluateFunctionSignature } from './evaluators/functionSignature';
import { evaluateImportExists } from './evaluators/importExists';
import { evaluateIpcHandler } from './evaluators/ipcHandler';
import { evaluateJsonProperty } from './evaluators/jsonProperty';
import { evaluateFileContains, evaluatePatternMatch } from './evaluators/text';
import type { Evaluator, RawAssertion } from './evaluators/types';
import { headCommit } from '../base/gitRepo';

export type { RawAssertion } from './evaluators/types';

const EVALUATORS: Record<AssertionType, Evaluator> = {
  FILE_EXISTS: evaluateFileExists,
  FILE_CONTAINS: evaluateFileContains,
  FUNCTION_SIGNATURE: evaluateFunctionSignature,
  EXPORT_EXISTS: evaluateExportExists,
  IMPORT_EXISTS: evaluateImportExists,
  PATTERN_MATCH: evaluatePatternMatch,
  CLASS_STRUCTURE: evaluateClassStructure,
  JSON_PROPERTY: evaluateJsonProperty,
  IPC_HANDLER_REGISTERED: evaluateIpcHandler,
  CSS_SELECTOR_EXISTS: evaluateCssSelector,
};

function idOf(raw: unknown, index: number): string {
  const id = (raw as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id !== '' ? id : `#${index}`;
}

/** Evaluates one assertion within a run's context (use this for "run one" so its files join the cache). */
export async function evaluateAssertion(
  ctx: EvaluationContext,
  raw: RawAssertion,
  index = 0,
): Promise<AssertionResult> {
  const start = performance.now();
  const assertionId = idOf(raw, index);
  const done = (r: Omit<AssertionResult, 'assertionId' | 'durationMs'>): AssertionResult => ({
    assertionId,
    ...r,
    durationMs: Math.round((performance.now() - start) * 1000) / 1000,
  });
  try {
    if (typeof raw !== 'object' || raw === null) throw new AssertionEvalError('assertion must be an object');
    if (typeof raw.type !== 'string')
      throw new AssertionEvalError('malformed assertion: field "type" is missing');
    if (typeof raw.target !== 'string')
      throw new AssertionEvalError('malformed assertion: field "target" is missing');
    const type = normalizeAssertionType(raw.type);
    if (!type) throw new AssertionEvalError(`unknown assertion type ${JSON.stringify(raw.type)}`);
    const outcome = await EVALUATORS[type](ctx, raw);
    return done(outcome);
  } catch (err) {
    const reason =
      err instanceof AssertionEvalError
        ? err.message
        : `internal error: ${err instanceof Error ? err.message : String(err)}`;
    return done({ status: 'error', reason });
  }
}

/** Evaluates assertions in order over one shared cache; `commit` is HEAD when the project is a git repository. */
export async function evaluateAssertions(
  projectDir: string,
  assertions: readonly RawAssertion[],
  options: EvaluateOptions & { context?: EvaluationContext } = {},
): Promise<AssertionRun> {
  const startedAt = new Date().toISOString();
  const start = performance.now();
  const ctx = options.context ?? (await EvaluationContext.create(projectDir, options));
  await ctx.warm(assertions.map((a) => (a as { target?: unknown } | null)?.target as string));
  const results: AssertionResult[] = [];
  for (let i = 0; i < assertions.length; i++) results.push(await evaluateAssertion(ctx, assertions[i]!, i));
  const commit = await headCommit(ctx.root);
  return {
    startedAt,
    durationMs: Math.round(performance.now() - start),
    commit,
    results,
    summary: summarize(results),
  };
}
