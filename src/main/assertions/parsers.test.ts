// Parser coverage beyond the committed fixtures: TSX/JSX files and JSON with comments (tsconfig-style).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, it } from 'vitest';
import { evaluateAssertions } from './evaluate';
import { withTempDir } from '../../../test/support/assertions/assertionFixtures';

it('parses TSX and JSX with the right script kind, and JSON with comments', async () => {
  await withTempDir(async (dir) => {
    await writeFile(
      path.join(dir, 'Panel.tsx'),
      'export function Panel({ title }: { title: string }) {\n  return <div className="panel">{title}</div>;\n}\n',
    );
    await writeFile(
      path.join(dir, 'List.jsx'),
      'export const List = (props) => <ul>{props.children}</ul>;\n',
    );
    await writeFile(
      path.join(dir, 'tsconfig.json'),
      '{\n  // comment\n  "compilerOptions": { "strict": true, },\n}\n',
    );
    const run = await evaluateAssertions(dir, [
      {
        id: 'tsx',
        type: 'FUNCTION_SIGNATURE',
        target: 'Panel.tsx',
        assertion: { function_name: 'Panel', parameters: ['{ title }'] },
      },
      {
        id: 'jsx',
        type: 'EXPORT_EXISTS',
        target: 'List.jsx',
        assertion: { exports: [{ name: 'List', type: 'function' }] },
      },
      {
        id: 'jsonc',
        type: 'JSON_PROPERTY',
        target: 'tsconfig.json',
        assertion: { path: 'compilerOptions.strict', expected: true },
      },
      {
        id: 'jsonc-miss',
        type: 'JSON_PROPERTY',
        target: 'tsconfig.json',
        assertion: { path: 'compilerOptions.noEmit' },
      },
    ]);
    expect(run.results.map((r) => [r.assertionId, r.status, r.location?.line])).toEqual([
      ['tsx', 'pass', 1],
      ['jsx', 'pass', 1],
      ['jsonc', 'pass', 3],
      ['jsonc-miss', 'fail', undefined],
    ]);
  });
});
