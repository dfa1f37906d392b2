// The team commands' argv: git's four words for the merge driver (in order, all required), and their --help.
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { usage } from '../help';
import { runCli } from '../main';
import { runPuffin } from '../../../test/support/cli/inProcessCli';
import { conflictsCommand, mergeDriverCommand, overlapCommand, statusCommand } from './team';

async function help(argv: string[]): Promise<{ code: number; text: string }> {
  const stderr = new PassThrough();
  let text = '';
  stderr.on('data', (c: Buffer) => (text += c.toString('utf8')));
  const code = await runCli(argv, { stdin: new PassThrough(), stdout: new PassThrough(), stderr, env: {} });
  return { code, text };
}

describe('team commands', () => {
  it('say their usage, git’s placeholders for the merge driver', () => {
    expect(usage(mergeDriverCommand)).toBe('puffin merge-driver %O %A %B %P');
    expect(usage(conflictsCommand)).toBe('puffin conflicts --project DIR [--hermetic]');
    expect(usage(statusCommand)).toBe('puffin status --project DIR [--hermetic] [--branches A,B]');
    expect(usage(overlapCommand)).toBe(
      'puffin overlap --project DIR [--hermetic] [--branches A,B] [--junit FILE] [--strict]',
    );
  });

  it.each([['merge-driver'], ['conflicts'], ['status'], ['overlap']])(
    '%s --help prints its usage',
    async (name) => {
      const { code, text } = await help([name, '--help']);
      expect(code).toBe(0);
      expect(text).toMatch(new RegExp(`^usage: puffin ${name}`));
    },
  );

  it('refuses a merge-driver call without its four words, naming the missing one', async () => {
    const { code, out } = await runPuffin(['merge-driver', 'O', 'A', 'B'], { env: {} });
    expect(code).toBe(1);
    expect(out.error).toMatchObject({
      code: 'invalid_arguments',
      message: expect.stringContaining('%P is required'),
    });
    const extra = await runPuffin(['merge-driver', 'O', 'A', 'B', 'P', 'Q'], { env: {} });
    expect(extra.out.error).toMatchObject({
      code: 'invalid_arguments',
      message: expect.stringContaining('"Q"'),
    });
  });
});
