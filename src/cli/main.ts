import { commands } from './commands/index';
import { printError, type CliIo } from './command';

function usage(): string {
  const lines = commands.map((c) => `  puffin ${c.path.join(' ')}  ${c.summary}`);
  return ['usage: puffin <command> [options]', '', ...lines, ''].join('\n');
}

/** Entry point of the headless CLI; returns the exit code. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') {
    io.stderr.write(usage());
    return argv.length === 0 ? 2 : 0;
  }
  // Longest command path that prefixes argv wins ("stories derive" before "stories").
  const match = [...commands]
    .sort((a, b) => b.path.length - a.path.length)
    .find((c) => c.path.every((word, i) => argv[i] === word));
  if (!match) return printError(io, 'unknown_command', `Unknown command "${argv.join(' ')}".\n${usage()}`);
  try {
    return await match.run(argv.slice(match.path.length), io);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return printError(io, 'internal_error', message);
  }
}
