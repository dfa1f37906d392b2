import type { CliCommand } from '../command';
import { assertionsEvaluateCommand } from './assertions-evaluate';

/** Every headless subcommand; add one line per command module. */
export const commands: CliCommand[] = [assertionsEvaluateCommand];
