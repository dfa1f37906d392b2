// A team on one repository, each a contract channel:
//   puffin merge-driver O A B P                               git's merge driver for .puffin/**/*.json (`puffin hooks
//     install` registers it): merges A (current) with B (other) against O field by field, into A; exit 1 on a conflict
//   puffin conflicts --project DIR                             data: {conflicts: [{file, storyId, revisions}]}
//   puffin status --project DIR [--branches A,B]               data: {branches, stories: [{id, verdicts: {branch: …}}]}
//   puffin overlap --project DIR [--branches A,B] [--junit FILE] [--strict]
//                                                              data: {branches, overlaps: [{branches, sprints, files}]}
import type { CommandSpec, FlagSpec } from '../spec';

const BRANCHES: FlagSpec = { flag: 'branches', kind: 'list', field: 'branches', value: 'A,B' };

export const mergeDriverCommand: CommandSpec<'team:merge'> = {
  path: ['merge-driver'],
  summary:
    "git's merge of one .puffin record, field by field; a field both branches changed keeps the current value, records the other in .puffin/conflicts/ and exits 1",
  channel: 'team:merge',
  positional: [
    { flag: 'ancestor', kind: 'path', field: 'ancestor', value: '%O' },
    { flag: 'current', kind: 'path', field: 'current', value: '%A' },
    { flag: 'other', kind: 'path', field: 'other', value: '%B' },
    { flag: 'path', kind: 'path', field: 'path', value: '%P' },
  ],
  output: (r) => ({
    data: r,
    source: null,
    warnings: [
      ...(r.refused ? [r.refused] : []),
      ...(r.conflicts.length > 0
        ? [
            `${r.path}: ${r.conflicts.length} field(s) changed on both branches (${r.conflicts.map((c) => c.field || '(the record)').join(', ')}); the current branch's values were kept and the other's recorded in ${r.conflictsFile ?? 'no file'}.`,
          ]
        : []),
    ],
    meta: {},
  }),
  exitCode: (r) => (r.refused || r.conflicts.length > 0 ? 1 : 0),
};

export const conflictsCommand: CommandSpec<'conflicts:list'> = {
  path: ['conflicts'],
  summary: 'the fields git merges found changed on both branches, per record (.puffin/conflicts/)',
  channel: 'conflicts:list',
  project: true,
  engines: false,
};

export const statusCommand: CommandSpec<'team:status'> = {
  path: ['status'],
  summary:
    "each story's verdict on each branch (default: every local branch), read from git without a checkout",
  channel: 'team:status',
  project: true,
  engines: false,
  flags: [BRANCHES],
};

export const overlapCommand: CommandSpec<'team:overlap'> = {
  path: ['overlap'],
  summary:
    'sprints in flight on different branches whose planned or changed files overlap (--strict: exit 1 on any)',
  channel: 'team:overlap',
  project: true,
  engines: false,
  flags: [
    BRANCHES,
    { flag: 'junit', kind: 'path', field: 'junit', value: 'FILE' },
    { flag: 'strict', kind: 'boolean', field: 'strict' },
  ],
  output: (r) => ({ data: r, source: null, warnings: r.warnings, meta: {} }),
  exitCode: (r) => (r.strict && r.overlaps.length > 0 ? 1 : 0),
};

export const teamCommands: CommandSpec[] = [
  mergeDriverCommand,
  conflictsCommand,
  statusCommand,
  overlapCommand,
];
