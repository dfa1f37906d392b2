// Other tools' spec formats, each the app's own contract channel on the opened project:
//   puffin export --format openspec|speckit|kiro|backlog-md --project DIR --sprint ID [--out DIR]
//     data: {format, out, files: [{path, action: created|updated|unchanged|removed}]}
//   puffin import --format openspec|speckit|kiro|backlog-md|claude-plan|cursor-plan --project DIR PATH
//     data: {format, sprints, stories: [{id, title, file, action}], conflicts, planDrafts}
import { EXPORT_FORMATS, SPEC_FORMATS } from '../../shared/specFormats';
import type { CommandSpec } from '../spec';

export const storiesReverseCommand: CommandSpec<'stories:reverse'> = {
  path: ['stories', 'reverse'],
  summary:
    'stories for code that already exists, kept with the checks that pass now as guards (a later failure is a regression)',
  channel: 'stories:reverse',
  project: true,
  flags: [
    { flag: 'path', kind: 'string', field: 'path', value: 'SUBDIR' },
    { flag: 'max', kind: 'integer', field: 'max', value: 'N' },
  ],
};

export const specExportCommand: CommandSpec<'spec:export'> = {
  path: ['export'],
  summary: `the sprint as another tool's spec files (${EXPORT_FORMATS.join(', ')}); a rerun updates them in place`,
  channel: 'spec:export',
  project: true,
  engines: false,
  flags: [
    { flag: 'format', kind: 'string', field: 'format', required: true, value: EXPORT_FORMATS.join('|') },
    { flag: 'sprint', kind: 'string', field: 'sprintId', required: true, value: 'ID', ref: 'sprint' },
    { flag: 'out', kind: 'path', field: 'out', value: 'DIR' },
  ],
};

export const specImportCommand: CommandSpec<'spec:import'> = {
  path: ['import'],
  summary:
    "another tool's spec files or an agent's plan file as stories and a sprint; never overwrites a story changed in Puffin",
  channel: 'spec:import',
  project: true,
  engines: false,
  flags: [{ flag: 'format', kind: 'string', field: 'format', required: true, value: SPEC_FORMATS.join('|') }],
  positional: [{ flag: 'path', kind: 'path', field: 'path', value: 'PATH' }],
  output: (r) => ({ data: r, source: null, warnings: [], meta: {} }),
  exitCode: (r) => (r.conflicts.length > 0 ? 1 : 0),
};
