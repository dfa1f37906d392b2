// `puffin agents init --project DIR` as users run it: the one-object answer naming each file and what was done to it.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPuffin } from '../support/puffinBin';
import { scratchDir } from '../support/scratchDir';

describe('puffin agents init', () => {
  it('writes AGENTS.md and CLAUDE.md once, and reports unchanged files on a rerun', async () => {
    const dir = scratchDir('puffin-agents-cli-');
    const env = { PATH: process.env.PATH ?? '', PUFFIN_USER_DATA: scratchDir('puffin-agents-user-') };
    const first = await runPuffin(['agents', 'init', '--project', dir], { env });
    expect(first.exitCode).toBe(0);
    expect(JSON.parse(first.stdout)).toEqual({
      data: {
        files: [
          { path: 'AGENTS.md', action: 'created' },
          { path: 'CLAUDE.md', action: 'created' },
        ],
      },
      source: null,
      warnings: [],
      meta: {},
    });
    expect(readFileSync(path.join(dir, 'AGENTS.md'), 'utf8')).toContain('verify_story');
    const again = await runPuffin(['agents', 'init', '--project', dir], { env });
    expect(JSON.parse(again.stdout).data.files.map((f: { action: string }) => f.action)).toEqual([
      'unchanged',
      'unchanged',
    ]);
  });
});
