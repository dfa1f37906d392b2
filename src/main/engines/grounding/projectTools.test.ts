import { mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildGroundingPolicy } from '../../llm/grounding/policy';
import { createProjectTools } from './projectTools';
import { scratchDir } from '../../../../test/support/scratchDir';

function project() {
  const outer = realpathSync(scratchDir('puffin-tools-'));
  const root = path.join(outer, 'proj');
  const token = randomUUID();
  mkdirSync(path.join(root, 'src'), { recursive: true });
  mkdirSync(path.join(root, 'dist'));
  writeFileSync(path.join(root, 'src', 'token.ts'), `export const TOKEN = '${token}';\n`);
  writeFileSync(path.join(root, 'src', 'other.ts'), 'export const other = 1;\n');
  writeFileSync(path.join(root, '.env'), `SECRET=${token}\n`);
  writeFileSync(path.join(root, 'dist', 'built.js'), `// ${token}\n`);
  writeFileSync(path.join(outer, 'secret.txt'), `${token}\n`);
  symlinkSync(path.join(outer, 'secret.txt'), path.join(root, 'src', 'link.txt'));
  const tools = createProjectTools(root, buildGroundingPolicy({ ignored: ['dist/'] }));
  return { root, token, tools };
}

describe('project tools', () => {
  it('reads a project file with numbered lines and records it once', async () => {
    const { tools, token } = project();
    const first = await tools.execute('Read', { file_path: 'src/token.ts' });
    await tools.execute('Read', { file_path: './src/token.ts' });
    expect(first.isError).toBe(false);
    expect(first.content).toBe(`1\texport const TOKEN = '${token}';\n2\t`);
    expect(tools.record()).toMatchObject({ filesRead: ['src/token.ts'], toolCalls: 2, refused: [] });
  });

  it('refuses paths outside the project, secrets, ignored files and links out, and says why', async () => {
    const { tools, token } = project();
    const asked = ['../secret.txt', '.env', 'dist/built.js', 'src/link.txt', '/etc/hostname'];
    for (const file_path of asked) {
      const r = await tools.execute('Read', { file_path });
      expect(r.isError).toBe(true);
      expect(r.content).not.toContain(token);
    }
    const record = tools.record();
    expect(record.filesRead).toEqual([]);
    expect(record.refused.map((r) => r.target)).toEqual(asked);
    expect(record.refused[0]!.message).toMatch(/outside the project/);
    expect(record.refused[1]!.message).toMatch(/secrets/);
    expect(record.refused[2]!.message).toMatch(/git ignores/);
    expect(record.refused[3]!.message).toMatch(/outside the project/);
  });

  it('globs and greps only what the policy allows, and records the searches', async () => {
    const { tools, token } = project();
    const glob = await tools.execute('Glob', { pattern: '**/*' });
    expect(glob.content.split('\n').sort()).toEqual(['src/other.ts', 'src/token.ts']);
    const grep = await tools.execute('Grep', { pattern: token });
    expect(grep.content).toBe(`src/token.ts:1:export const TOKEN = '${token}';`);
    const none = await tools.execute('Glob', { pattern: '*.md', path: 'src' });
    expect(none.content).toBe('No files found');
    const outside = await tools.execute('Grep', { pattern: 'x', path: '..' });
    expect(outside.isError).toBe(true);
    expect(tools.record().searches).toEqual([
      { tool: 'Glob', pattern: '**/*', matches: 2 },
      { tool: 'Grep', pattern: token, matches: 1 },
      { tool: 'Glob', pattern: '*.md', path: 'src', matches: 0 },
    ]);
  });

  it('refuses a tool it does not have', async () => {
    const { tools } = project();
    const r = await tools.execute('Write', { file_path: 'x.ts', content: 'y' });
    expect(r).toMatchObject({ isError: true });
    expect(tools.record().refused).toEqual([
      expect.objectContaining({ tool: 'Write', message: expect.stringMatching(/No such tool/) }),
    ]);
  });
});
