// A stand-in Puffin checkout for the hook and workflow tests: a git repository whose package.json is Puffin's and
// whose bin/puffin.cjs records where and how it was called (in $PUFFIN_FAKE_LOG) and exits with $PUFFIN_FAKE_EXIT.
import { createGitFixture, type GitFixture } from './gitFixture';

/** The recording bin; `mark` goes into each line, so a test can tell which commit's bin ran. */
export const fakePuffinBin = (mark: string): string =>
  [
    '#!/usr/bin/env node',
    "const { appendFileSync } = require('node:fs');",
    `appendFileSync(process.env.PUFFIN_FAKE_LOG, ${JSON.stringify(mark)} + '|' + process.cwd() + '|' + process.argv.slice(2).join(' ') + '\\n');`,
    "process.exitCode = Number(process.env.PUFFIN_FAKE_EXIT ?? '0');",
    '',
  ].join('\n');

export interface FakePuffin extends GitFixture {
  /** The commit holding the bin marked `first`. */
  commitSha: string;
}

export async function createFakePuffinCheckout(): Promise<FakePuffin> {
  const repo = await createGitFixture('puffin-fake-checkout-');
  const pkg = { name: 'puffin', version: '0.0.0', private: true, bin: { puffin: 'bin/puffin.cjs' } };
  await repo.write({
    'package.json': JSON.stringify(pkg),
    'package-lock.json': JSON.stringify({
      name: 'puffin',
      version: '0.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: { '': pkg },
    }),
    'bin/puffin.cjs': fakePuffinBin('first'),
  });
  const commitSha = await repo.commit('a stand-in Puffin');
  return { ...repo, commitSha };
}
