// A story's earlier texts headless, each the app's own contract channel:
//   puffin stories versions --project DIR --story ID       data: {storyId, versions: [{number, kind, by, title, …}]}
//   puffin stories restore-version --project DIR --story ID --version N     data: the story with that text again
// A version is the text a sync or an import replaced (or a restore); restoring keeps the text it replaces too.
import type { CommandSpec, FlagSpec } from '../spec';

const STORY: FlagSpec = {
  flag: 'story',
  kind: 'string',
  field: 'storyId',
  required: true,
  value: 'ID',
  ref: 'story',
};

export const storyVersionsCommand: CommandSpec<'storyVersions:get'> = {
  path: ['stories', 'versions'],
  summary: "a story's earlier texts, each one a tracker sync, an import or a restore replaced",
  channel: 'storyVersions:get',
  project: true,
  flags: [STORY],
};

export const storyRestoreVersionCommand: CommandSpec<'storyVersions:restore'> = {
  path: ['stories', 'restore-version'],
  summary: 'make an earlier text of the story its text again (the text it replaces is kept as a version)',
  channel: 'storyVersions:restore',
  project: true,
  flags: [STORY, { flag: 'version', kind: 'integer', field: 'number', required: true, value: 'N' }],
};
