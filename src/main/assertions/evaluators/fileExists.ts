import { optEnum, specOf } from '../fields';
import { globToRegExp } from '../glob';
import { fail, pass, quote, type Evaluator } from './types';

/** FILE_EXISTS `{type?: 'file'|'directory'}`: the target (or, for a glob, at least one match) exists. */
export const evaluateFileExists: Evaluator = async (ctx, a) => {
  // The spec object is optional here: `{}` or no object at all both mean "file or directory".
  const want =
    a.assertion === undefined ? undefined : optEnum(specOf(a), 'type', ['file', 'directory'] as const);
  const resolved = await ctx.resolveTarget(a.target);
  const what = want ?? 'file or directory';

  if (!resolved.glob) {
    const entry = resolved.entries[0];
    if (!entry) return fail(`${quote(resolved.target)} does not exist`);
    if (want && entry.kind !== want)
      return fail(`${quote(entry.rel)} is a ${entry.kind}, expected a ${want}`);
    return pass(`${quote(entry.rel)} exists (${entry.kind})`, { file: entry.rel, line: 1, column: 1 });
  }

  // A glob walk lists files; directories are the folders those files live in.
  const files = want === 'directory' ? [] : resolved.entries;
  if (files[0]) {
    return pass(`${files.length} file(s) match ${quote(resolved.target)}, first ${quote(files[0].rel)}`, {
      file: files[0].rel,
      line: 1,
      column: 1,
    });
  }
  if (want !== 'file') {
    const re = globToRegExp(resolved.target);
    const dirs = new Set<string>();
    for (const f of await ctx.allFiles()) {
      const parts = f.rel.split('/');
      for (let i = 1; i < parts.length; i++) dirs.add(parts.slice(0, i).join('/'));
    }
    const match = [...dirs].sort().find((d) => re.test(d));
    if (match) return pass(`directory ${quote(match)} matches ${quote(resolved.target)}`);
  }
  return fail(`no ${what} matches ${quote(resolved.target)}`);
};
