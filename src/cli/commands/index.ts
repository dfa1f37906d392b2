import type { CommandSpec } from '../spec';
import { assertionsEvaluateCommand } from './assertions';
import { extractCommand, promptCommand, titleCommand } from './oneOff';
import { planCommands, sprintCreateCommand } from './plans';
import { proofCommands } from './proof';
import { sprintCommands } from './sprints';
import { teamCommands } from './team';
import { trackerCommands } from './trackers';
import { agentsInitCommand, implementCommand } from './mcp';
import { specExportCommand, specImportCommand, storiesReverseCommand } from './formats';
import { storiesAcceptCommand, storiesListCommand } from './backlog';
import { storiesDeriveCommand, storiesModifyCommand, storiesRegenerateCommand } from './stories';
import { storyRestoreVersionCommand, storyVersionsCommand } from './storyVersions';
import { workflowCommands } from './workflows';

/** Every headless command; `puffin --help` lists them in this order. */
export const commands: readonly CommandSpec[] = [
  promptCommand,
  extractCommand,
  titleCommand,
  assertionsEvaluateCommand,
  storiesDeriveCommand,
  storiesModifyCommand,
  storiesRegenerateCommand,
  storiesAcceptCommand,
  storiesListCommand,
  storyVersionsCommand,
  storyRestoreVersionCommand,
  storiesReverseCommand,
  sprintCreateCommand,
  ...sprintCommands,
  ...planCommands,
  ...proofCommands,
  ...trackerCommands,
  agentsInitCommand,
  implementCommand,
  specExportCommand,
  specImportCommand,
  ...teamCommands,
  // Derived from the workflows that declare an action: none is written here.
  ...workflowCommands,
];
