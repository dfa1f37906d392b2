// Hostile or broken input: escapes from the project, runaway regexes, binary and oversized files, unknown types and
// malformed type-specific fields. Each becomes an `error` (or a precise fail) result, never a crash.
import { mkdir, symlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { EvaluationContext } from './context';
import { evaluateAssertions, type RawAssertion } from './evaluate';
import { TS_PROJECT, withTempDir } from '../../../test/support/assertions/assertionFixtures';

function a(id: string, type: string, target: string, assertion?: unknown): RawAssertion {
  return assertion === undefined ? { id, type, target } : { id, type, target, assertion };
}

async function statusAndReason(
  project: string,
  list: RawAssertion[],
  opts = {},
): Promise<Record<string, string>> {
  const run = await evaluateAssertions(project, list, opts);
  return Object.fromEntries(run.results.map((r) => [r.assertionId, `${r.status}: ${r.reason}`]));
}

describe('targets outside the project are refused', () => {
  it('refuses .. and absolute paths', async () => {
    const r = await statusAndReason(TS_PROJECT, [
      a('up', 'FILE_EXISTS', '../js-lib/lib/index.cjs'),
      a('up-hidden', 'FILE_CONTAINS', 'src/../../js-lib/data/config.json', { content: 'js-lib' }),
      a('abs', 'FILE_EXISTS', path.join(TS_PROJECT, 'package.json')),
      a('win-abs', 'FILE_EXISTS', 'C:\\Windows\\win.ini'),
      a('glob-up', 'PATTERN_MATCH', '../**/*.json', { pattern: 'js-lib' }),
      a('inside-dots-ok', 'FILE_EXISTS', 'src/../package.json'),
    ]);
    expect(r.up).toMatch(/^error: refused target .*outside the project/);
    expect(r['up-hidden']).toMatch(/^error: refused target/);
    expect(r.abs).toMatch(/^error: refused target .*absolute paths are not allowed/);
    expect(r['win-abs']).toMatch(/^error: refused target .*absolute/);
    expect(r['glob-up']).toMatch(/^error: refused target/);
    expect(r['inside-dots-ok']).toMatch(/^pass/);
  });

  it('refuses symlinks that escape the folder, directly or through a linked directory, and ignores them in globs', async () => {
    await withTempDir(async (tmp) => {
      const outside = path.join(tmp, 'outside');
      const project = path.join(tmp, 'project');
      await mkdir(outside);
      await mkdir(path.join(project, 'src'), { recursive: true });
      await writeFile(path.join(outside, 'secret.txt'), 'TOP SECRET');
      await writeFile(path.join(project, 'src', 'real.txt'), 'inside text');
      await symlink(path.join(outside, 'secret.txt'), path.join(project, 'src', 'leak.txt'));
      await symlink(outside, path.join(project, 'linked'));
      await symlink(path.join(project, 'src', 'real.txt'), path.join(project, 'src', 'alias.txt'));
      const r = await statusAndReason(project, [
        a('file-link', 'FILE_CONTAINS', 'src/leak.txt', { content: 'SECRET' }),
        a('file-link-exists', 'FILE_EXISTS', 'src/leak.txt'),
        a('dir-link', 'FILE_EXISTS', 'linked/secret.txt'),
        a('glob', 'FILE_CONTAINS', '**/*.txt', { content: 'SECRET' }),
        a('inside-link', 'FILE_CONTAINS', 'src/alias.txt', { content: 'inside' }),
      ]);
      expect(r['file-link']).toMatch(
        /^error: refused target "src\/leak.txt": it resolves outside the project/,
      );
      expect(r['file-link-exists']).toMatch(/^error: refused target/);
      expect(r['dir-link']).toMatch(/^error: refused target/);
      expect(r.glob).toMatch(/^fail: "SECRET" not found in 2 file\(s\)/); // real.txt and alias.txt, never leak.txt
      expect(r['inside-link']).toMatch(/^pass/);
    });
  });
});

describe('runaway regexes are bounded in time', () => {
  it('stops a catastrophic backtracking pattern with an error result and keeps evaluating the rest', async () => {
    await withTempDir(async (dir) => {
      await writeFile(path.join(dir, 'input.txt'), 'a'.repeat(40) + '!\n');
      const r = await statusAndReason(
        dir,
        [
          a('evil', 'PATTERN_MATCH', 'input.txt', { pattern: '(a+)+$' }),
          a('evil2', 'FILE_CONTAINS', 'input.txt', { match: 'regex', content: '(a|aa)+$' }),
          a('after', 'FILE_CONTAINS', 'input.txt', { content: '!' }),
        ],
        { regexTimeoutMs: 150 },
      );
      expect(r.evil).toMatch(/^error: regex \/\(a\+\)\+\$\/ timed out after 150 ms/);
      expect(r.evil2).toMatch(/^error: regex .* timed out/);
      expect(r.after).toMatch(/^pass: "!" found at "input.txt" line 1, column 41/);
    });
  });
});

describe('binary and very large files', () => {
  it('does not treat binary files as text and skips them in globs', async () => {
    await withTempDir(async (dir) => {
      await writeFile(path.join(dir, 'logo.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x00, 0x01, 0x02]));
      await writeFile(
        path.join(dir, 'bundle.js'),
        Buffer.concat([Buffer.from('function f() {}\n'), Buffer.from([0])]),
      );
      await writeFile(path.join(dir, 'notes.txt'), 'PNG is a format');
      const r = await statusAndReason(dir, [
        a('bin-text', 'FILE_CONTAINS', 'logo.png', { content: 'PNG' }),
        a('bin-code', 'FUNCTION_SIGNATURE', 'bundle.js', { function_name: 'f' }),
        a('bin-glob', 'FILE_CONTAINS', '*', { content: 'PNG' }),
        a('bin-exists', 'FILE_EXISTS', 'logo.png', { type: 'file' }),
      ]);
      expect(r['bin-text']).toMatch(/^error: "logo.png" is a binary file/);
      expect(r['bin-code']).toMatch(/^error: "bundle.js" is a binary file/);
      expect(r['bin-glob']).toMatch(/^pass: "PNG" found at "notes.txt"/);
      expect(r['bin-exists']).toMatch(/^pass/);
    });
  });

  it('streams literal search through large files and refuses to parse or regex them', async () => {
    await withTempDir(async (dir) => {
      const filler = '// filler line to make the file big\n'.repeat(200); // ~7 KB > the 4 KB limit below
      await writeFile(path.join(dir, 'big.ts'), `${filler}export function needle(x: number) {}\n`);
      const ctx = await EvaluationContext.create(dir, { maxParseBytes: 4096 });
      const run = await evaluateAssertions(
        dir,
        [
          a('literal', 'FILE_CONTAINS', 'big.ts', { content: 'function needle' }),
          a('literal-absent', 'FILE_CONTAINS', 'big.ts', { content: 'haystack', operator: 'not_contains' }),
          a('ast', 'FUNCTION_SIGNATURE', 'big.ts', { function_name: 'needle' }),
          a('regex', 'PATTERN_MATCH', 'big.ts', { pattern: 'needle' }),
        ],
        { context: ctx },
      );
      const [literal, absent, ast, regex] = run.results;
      expect(literal).toMatchObject({ status: 'pass', location: { file: 'big.ts', line: 201, column: 8 } });
      expect(absent?.status).toBe('pass');
      expect(ast?.reason).toMatch(
        /^file too large for structural parsing: "big.ts" is 7\.1 KB \(limit 4\.0 KB\)/,
      );
      expect(ast?.status).toBe('error');
      expect(regex?.reason).toMatch(/^file too large for regex matching/);
      expect([...ctx.parseCounts.keys()].filter((k) => k.endsWith('big.ts'))).toEqual([]); // never read whole
    });
  });
});

describe('unknown types and malformed fields are error results naming the problem', () => {
  it('reports each problem precisely', async () => {
    const r = await statusAndReason(TS_PROJECT, [
      a('unknown', 'FILE_SMELLS_NICE', 'package.json', {}),
      a('lowercase-ok', 'file_exists', 'package.json'),
      a('alias-ok', 'FUNCTION_EXISTS', 'src/services/storyService.ts', { function_name: 'loadStories' }),
      a('no-spec', 'FUNCTION_SIGNATURE', 'src/services/storyService.ts'),
      a('no-content', 'FILE_CONTAINS', 'package.json', { match: 'literal' }),
      a('bad-match', 'FILE_CONTAINS', 'package.json', { match: 'glob', content: 'x' }),
      a('bad-regex', 'PATTERN_MATCH', 'package.json', { pattern: '([' }),
      a('bad-flags', 'PATTERN_MATCH', 'package.json', { pattern: 'x', flags: 'g' }),
      a('export-name', 'EXPORT_EXISTS', 'src/main/ipc.ts', { exports: [{ type: 'function' }] }),
      a('export-kind', 'EXPORT_EXISTS', 'src/main/ipc.ts', { exports: [{ name: 'x', type: 'module' }] }),
      a('ipc-methods', 'IPC_HANDLER_REGISTERED', 'src/main/ipc.ts', { handlers: ['a'], methods: ['invoke'] }),
      a('ipc-empty', 'IPC_HANDLER_REGISTERED', 'src/main/ipc.ts', { handlers: [] }),
      a('json-glob', 'JSON_PROPERTY', '*.json', { path: 'name' }),
      a('json-path', 'JSON_PROPERTY', 'package.json', { path: 'a..b' }),
      a('not-code', 'CLASS_STRUCTURE', 'package.json', { class_name: 'X' }),
      a('spec-array', 'CLASS_STRUCTURE', 'src/main/ipc.ts', ['X']),
    ]);
    expect(r.unknown).toBe('error: unknown assertion type "FILE_SMELLS_NICE"');
    expect(r['lowercase-ok']).toMatch(/^pass/);
    expect(r['alias-ok']).toMatch(/^pass/);
    expect(r['no-spec']).toBe('error: malformed assertion: field "assertion" is missing');
    expect(r['no-content']).toBe('error: malformed assertion: field "assertion.content" is missing');
    expect(r['bad-match']).toMatch(
      /^error: malformed assertion: field "assertion.match" must be one of "literal", "regex"/,
    );
    expect(r['bad-regex']).toMatch(
      /^error: malformed assertion: field "assertion.pattern" is not a valid regular expression/,
    );
    expect(r['bad-flags']).toMatch(/^error: malformed assertion: field "assertion.flags"/);
    expect(r['export-name']).toBe('error: malformed assertion: field "assertion.exports[0].name" is missing');
    expect(r['export-kind']).toMatch(
      /^error: malformed assertion: field "assertion.exports\[0\].type" must be one of/,
    );
    expect(r['ipc-methods']).toMatch(/^error: malformed assertion: field "assertion.methods"/);
    expect(r['ipc-empty']).toBe('error: malformed assertion: field "assertion.handlers" must not be empty');
    expect(r['json-glob']).toBe('error: JSON_PROPERTY needs one file as target, not a glob');
    expect(r['json-path']).toMatch(
      /^error: malformed assertion: field "assertion.path" is not a valid path \(empty key/,
    );
    expect(r['not-code']).toMatch(/^error: "package.json" is not a TypeScript\/JavaScript file/);
    expect(r['spec-array']).toBe('error: malformed assertion: field "assertion" must be an object');
  });

  it('turns a non-object entry, a missing type and invalid JSON into error results', async () => {
    await withTempDir(async (dir) => {
      await writeFile(path.join(dir, 'broken.json'), '{\n  "a": 1,\n  "b": \n}\n');
      const list = [
        null as unknown as RawAssertion,
        { id: 'no-type', target: 'x' } as unknown as RawAssertion,
        a('bad-json', 'JSON_PROPERTY', 'broken.json', { path: 'a' }),
      ];
      const run = await evaluateAssertions(dir, list);
      expect(run.results.map((x) => [x.assertionId, x.status])).toEqual([
        ['#0', 'error'],
        ['no-type', 'error'],
        ['bad-json', 'error'],
      ]);
      expect(run.results[1]?.reason).toBe('malformed assertion: field "type" is missing');
      expect(run.results[2]?.reason).toMatch(/^"broken.json" is not valid JSON: .* at line 4, column 1/);
      expect(run.summary).toEqual({ total: 3, passed: 0, failed: 0, errors: 3 });
    });
  });
});
