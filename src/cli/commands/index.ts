import type { CliCommand } from '../command';

/** Every headless subcommand; add one line per command module. */
export const commands: CliCommand[] = [];
