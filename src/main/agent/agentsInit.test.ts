import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { scratchDir } from '../../../test/support/scratchDir';
import { BLOCK_BEGIN, BLOCK_END, withBlock, writeAgentInstructions } from './agentsInit';

const count = (text: string, part: string) => text.split(part).length - 1;

describe('agents init: the marked block', () => {
  it('creates both files, then changes nothing on a second run', async () => {
    const dir = scratchDir('puffin-agents-');
    expect((await writeAgentInstructions(dir)).files).toEqual([
      { path: 'AGENTS.md', action: 'created' },
      { path: 'CLAUDE.md', action: 'created' },
    ]);
    const first = readFileSync(path.join(dir, 'CLAUDE.md'), 'utf8');
    expect(first).toContain('next_story');
    expect(first).toContain('not_verified');
    expect((await writeAgentInstructions(dir)).files.map((f) => f.action)).toEqual([
      'unchanged',
      'unchanged',
    ]);
    expect(readFileSync(path.join(dir, 'CLAUDE.md'), 'utf8')).toBe(first);
  });

  it("appends to a file's own text and replaces an old block in place, keeping what surrounds it", async () => {
    const dir = scratchDir('puffin-agents-');
    writeFileSync(
      path.join(dir, 'AGENTS.md'),
      `# Rules\n\nUse tabs.\n${BLOCK_BEGIN}\nold words\n${BLOCK_END}\nAfter.\n`,
    );
    const r = await writeAgentInstructions(dir);
    expect(r.files[0]).toEqual({ path: 'AGENTS.md', action: 'updated' });
    const text = readFileSync(path.join(dir, 'AGENTS.md'), 'utf8');
    expect(text.startsWith('# Rules\n\nUse tabs.\n')).toBe(true);
    expect(text.endsWith(`${BLOCK_END}\nAfter.\n`)).toBe(true);
    expect(text).not.toContain('old words');
    expect(count(text, BLOCK_BEGIN)).toBe(1);
  });

  it('appends after a blank line when the file has no block', () => {
    const text = withBlock('# Project\n');
    expect(text.startsWith(`# Project\n\n${BLOCK_BEGIN}\n`)).toBe(true);
    expect(withBlock(text)).toBe(text);
  });
});
