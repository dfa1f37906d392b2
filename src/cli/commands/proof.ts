// Proof of done headless, each the app's own contract channel on the opened project:
//   puffin verify --project DIR [--sprint ID] [--junit FILE]     data: {stories: [{id, status, …}], regressions, …}
//     exit 1 when any assertion fails; --junit writes JUnit XML, one test case per assertion
//   puffin hooks install --project DIR [--strict]                 data: {path, action, mergeDriver}: a pre-push hook
//     running verify, and `puffin merge-driver` registered for the store's records (.gitattributes, git config)
//   puffin ci init --project DIR                                  data: {path, action, puffin: {source, commit}}
//   (puffin github export is with the other trackers, in trackers.ts)
import type { CommandSpec } from '../spec';

export const verifyCommand: CommandSpec<'verify:run'> = {
  path: ['verify'],
  summary: "every stored assertion of every story (or a sprint's) at the current tree; exit 1 when any fails",
  channel: 'verify:run',
  project: true,
  flags: [
    { flag: 'sprint', kind: 'string', field: 'sprintId', value: 'ID', ref: 'sprint' },
    { flag: 'junit', kind: 'path', field: 'junit', value: 'FILE' },
  ],
  output: (r) => ({ data: r, source: null, warnings: r.warnings, meta: {} }),
  exitCode: (r) => (r.summary.failed + r.summary.errors > 0 ? 1 : 0),
};

export const hooksInstallCommand: CommandSpec<'hooks:install'> = {
  path: ['hooks', 'install'],
  summary:
    'add a git pre-push hook running this Puffin’s verify (without Puffin a push goes through; --strict: stopped) and register its merge driver for .puffin/**/*.json',
  channel: 'hooks:install',
  project: true,
  flags: [{ flag: 'strict', kind: 'boolean', field: 'strict' }],
};

export const ciInitCommand: CommandSpec<'ci:init'> = {
  path: ['ci', 'init'],
  summary:
    'write a GitHub Actions workflow that installs this Puffin (its git source at its commit) and runs verify --junit',
  channel: 'ci:init',
  project: true,
  output: (r) => ({ data: r, source: null, warnings: r.warnings, meta: {} }),
};

export const proofCommands: CommandSpec[] = [verifyCommand, hooksInstallCommand, ciInitCommand];
