// Shared by the co-located tests: fixture paths and a table runner whose expectations are written by hand.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AssertionResult, AssertionStatus } from '../../../src/shared/assertions';
import { EvaluationContext } from '../../../src/main/assertions/context';
import { evaluateAssertions, type RawAssertion } from '../../../src/main/assertions/evaluate';

export const FIXTURES = fileURLToPath(new URL('../../fixtures/assertion-projects/', import.meta.url));
export const TS_PROJECT = path.join(FIXTURES, 'ts-electron');
export const JS_PROJECT = path.join(FIXTURES, 'js-lib');

export interface Case {
  id: string;
  type: string;
  target: string;
  assertion?: unknown;
  expect: AssertionStatus;
  /** Expected location line (and column) when the case should point somewhere. */
  line?: number;
  column?: number;
  /** Substring or pattern the reason must contain. */
  reason?: string | RegExp;
}

export function toAssertion(c: Case): RawAssertion {
  const base = { id: c.id, type: c.type, target: c.target, message: c.id };
  return c.assertion === undefined ? base : { ...base, assertion: c.assertion };
}

/** Runs all cases in one run (one shared cache) and returns the context too, to inspect parse counts. */
export async function runCases(
  project: string,
  cases: readonly Case[],
): Promise<{ byId: Map<string, AssertionResult>; ctx: EvaluationContext }> {
  const ctx = await EvaluationContext.create(project);
  const run = await evaluateAssertions(project, cases.map(toAssertion), { context: ctx });
  return { byId: new Map(run.results.map((r) => [r.assertionId, r])), ctx };
}

export async function withTempDir<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-assert-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** One vitest case per table row, all evaluated in a single run over `project`. */
export function describeCases(title: string, project: string, cases: readonly Case[]): void {
  describe(title, () => {
    let byId: Map<string, AssertionResult>;
    beforeAll(async () => {
      ({ byId } = await runCases(project, cases));
    });
    it.each(cases.map((c) => [c.id, c] as const))('%s', (_id, c) => {
      const r = byId.get(c.id)!;
      // Status and reason together, so a wrong status shows why.
      expect({ status: r.status, reason: r.reason }).toMatchObject({ status: c.expect });
      if (c.line !== undefined) expect(r.location?.line).toBe(c.line);
      if (c.column !== undefined) expect(r.location?.column).toBe(c.column);
      if (typeof c.reason === 'string') expect(r.reason).toContain(c.reason);
      else if (c.reason) expect(r.reason).toMatch(c.reason);
    });
  });
}
