import type { CliCommand } from '../command';
import { assertionsEvaluateCommand } from './assertions-evaluate';
import { extractCommand } from './extract';
import { promptCommand } from './prompt';

/** Every headless subcommand; add one line per command module. */
export const commands: CliCommand[] = [assertionsEvaluateCommand, promptCommand, extractCommand];
