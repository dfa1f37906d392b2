import type { CliCommand } from '../command';
import { assertionsEvaluateCommand } from './assertions-evaluate';
import { extractCommand } from './extract';
import { planCommands, sprintCreateCommand } from './plans';
import { promptCommand } from './prompt';
import { storiesDeriveCommand, storiesModifyCommand } from './stories';
import { titleCommand } from './title';

/** Every headless subcommand; add one line per command module. */
export const commands: CliCommand[] = [
  assertionsEvaluateCommand,
  promptCommand,
  extractCommand,
  storiesDeriveCommand,
  storiesModifyCommand,
  titleCommand,
  sprintCreateCommand,
  ...planCommands,
];
