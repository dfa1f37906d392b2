// A long-lived EvaluationContext (the project watch) after files change: only what changed is read again.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EvaluationContext } from './context';
import { evaluateAssertions, type RawAssertion } from './evaluate';
import { withTempDir } from '../../../test/support/assertions/assertionFixtures';

const exportsA: RawAssertion = {
  id: 'a',
  type: 'EXPORT_EXISTS',
  target: 'src/a.ts',
  assertion: { exports: [{ name: 'a2' }] },
};
const noTodo: RawAssertion = {
  id: 'todo',
  type: 'FILE_CONTAINS',
  target: 'src/**/*.ts',
  assertion: { content: 'TODO', operator: 'not_contains' },
};

async function statuses(dir: string, ctx: EvaluationContext): Promise<string[]> {
  const run = await evaluateAssertions(dir, [exportsA, noTodo], { context: ctx });
  return run.results.map((r) => `${r.assertionId}:${r.status}`);
}

const reads = (ctx: EvaluationContext, dir: string, rel: string) =>
  ctx.parseCounts.get(`read:${path.join(ctx.realRoot, rel)}`) ?? 0;

describe('EvaluationContext.forget', () => {
  it('re-reads a changed file and only that one, and patches the list globs match against', async () => {
    await withTempDir(async (dir) => {
      await mkdir(path.join(dir, 'src'));
      await writeFile(path.join(dir, 'src', 'a.ts'), 'export const a1 = 1;\n');
      await writeFile(path.join(dir, 'src', 'b.ts'), 'export const b = 1;\n');
      const ctx = await EvaluationContext.create(dir);
      expect(await statuses(dir, ctx)).toEqual(['a:fail', 'todo:pass']);

      await writeFile(path.join(dir, 'src', 'a.ts'), 'export const a2 = 2;\n');
      await writeFile(path.join(dir, 'src', 'c.ts'), '// TODO\n');
      await ctx.forget(['src/a.ts', 'src/c.ts']);
      expect(await statuses(dir, ctx)).toEqual(['a:pass', 'todo:fail']);
      expect(reads(ctx, dir, 'src/a.ts')).toBe(2);
      expect(reads(ctx, dir, 'src/b.ts')).toBe(1);

      await rm(path.join(dir, 'src', 'c.ts'));
      await ctx.forget(['src/c.ts']);
      expect(await statuses(dir, ctx)).toEqual(['a:pass', 'todo:pass']);
    });
  });

  it('walks again after a folder changed (a rename moves files the list still names)', async () => {
    await withTempDir(async (dir) => {
      await mkdir(path.join(dir, 'src', 'old'), { recursive: true });
      await writeFile(path.join(dir, 'src', 'a.ts'), 'export const a2 = 1;\n');
      await writeFile(path.join(dir, 'src', 'old', 'x.ts'), '// TODO\n');
      const ctx = await EvaluationContext.create(dir);
      expect(await statuses(dir, ctx)).toEqual(['a:pass', 'todo:fail']);
      await rename(path.join(dir, 'src', 'old'), path.join(dir, 'moved'));
      await ctx.forget(['src/old', 'moved']);
      expect(await statuses(dir, ctx)).toEqual(['a:pass', 'todo:pass']);
    });
  });
});
