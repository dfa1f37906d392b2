import { commands } from './commands/index';
import { mcpCommand } from './commands/mcp';
import { helpText, usage } from './help';
import { printJson, type CliIo } from './io';
import { printError } from './output';

export type { CliIo } from './io';

/** Entry point of the headless CLI (`puffin …`); returns the exit code. Help goes to stderr. */
export async function runCli(argv: string[], io: CliIo): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h') {
    io.stderr.write(helpText(commands, [mcpCommand]));
    return argv.length === 0 ? 2 : 0;
  }
  if (argv[0] === mcpCommand.path[0]) {
    if (argv.includes('--help') || argv.includes('-h')) {
      io.stderr.write(`usage: ${mcpCommand.usage}\n  ${mcpCommand.summary}\n`);
      return 0;
    }
    return mcpCommand.run(argv.slice(1), io);
  }
  if (argv.length === 1 && (argv[0] === '--version' || argv[0] === '-V')) {
    const { APP_VERSION } = await import('../main/base/appVersion');
    printJson(io, { data: { version: APP_VERSION }, source: null, warnings: [], meta: {} });
    return 0;
  }
  // Longest command path that prefixes argv wins ("stories derive" before "stories").
  const match = [...commands]
    .sort((a, b) => b.path.length - a.path.length)
    .find((c) => c.path.every((word, i) => argv[i] === word));
  if (!match)
    return printError(io, {
      code: 'unknown_command',
      message: `Unknown command "${argv.join(' ')}".\n${helpText(commands, [mcpCommand])}`,
    });
  const rest = argv.slice(match.path.length);
  if (rest.includes('--help') || rest.includes('-h')) {
    io.stderr.write(`usage: ${usage(match)}\n  ${match.summary}\n`);
    return 0;
  }
  try {
    // Loaded only to run a command: the composition root and its engines are most of the start-up cost.
    const { runCommand } = await import('./face');
    return await runCommand(match, rest, io);
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return printError(io, { code: 'internal_error', message: `Unexpected error: ${message}` });
  }
}
