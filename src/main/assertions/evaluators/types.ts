import type { AssertionStatus, SourceLocation } from '../../../shared/assertions';
import type { RawAssertion } from '../../../shared/schema-types';
import type { EvaluationContext } from '../context';

/**
 * An assertion as it arrives from a file or a model (typed from the store's record schema): only the envelope is
 * trusted to be strings; the type-specific `assertion` object is checked by each evaluator. Every typed
 * `Assertion` is assignable to it.
 */
export type { RawAssertion };

export interface Outcome {
  status: Exclude<AssertionStatus, 'error'>;
  reason: string;
  location?: SourceLocation;
}

/** Returns pass or fail; throws AssertionEvalError (or anything else) for an error result. */
export type Evaluator = (ctx: EvaluationContext, assertion: RawAssertion) => Promise<Outcome>;

export function pass(reason: string, location?: SourceLocation): Outcome {
  return location ? { status: 'pass', reason, location } : { status: 'pass', reason };
}

export function fail(reason: string, location?: SourceLocation): Outcome {
  return location ? { status: 'fail', reason, location } : { status: 'fail', reason };
}

export function quote(s: string): string {
  return JSON.stringify(s);
}

/** "a, b, c" with at most `max` items, for reasons that list what was found instead. */
export function listSome(items: readonly string[], max = 8): string {
  const unique = [...new Set(items)];
  const shown = unique.slice(0, max).join(', ');
  return unique.length > max ? `${shown}, … (${unique.length - max} more)` : shown;
}
