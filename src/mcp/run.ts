/**
 * `puffin mcp [--project DIR] [--tools core|all]`: the MCP server on stdio. stdout carries only the protocol;
 * log lines (warnings and errors, everything with PUFFIN_DEBUG) go to stderr. It runs until the client closes
 * stdin or the process is told to stop; then every running call is cancelled and its CLI processes killed.
 */
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { CliIo } from '../cli/io';
import { printError } from '../cli/output';
import { createRoot } from '../main/app/core';
import { APP_VERSION } from '../main/base/appVersion';
import { LogBus } from '../main/base/logger';
import { defaultUserDataDir } from '../main/base/paths';
import { onShutdownSignal } from '../main/llm/shutdownSignals';
import { createMcpServer } from './server';

export const MCP_USAGE = 'puffin mcp [--project DIR] [--tools core|all]';

interface McpArgs {
  project: string | null;
  tools: 'core' | 'all';
}

function parseMcpArgs(argv: readonly string[]): McpArgs | string {
  const out: McpArgs = { project: null, tools: 'core' };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = argv[i + 1];
    if ((flag === '--project' || flag === '--tools') && (value === undefined || value.startsWith('--')))
      return `${flag} needs a value`;
    if (flag === '--project') out.project = value!;
    else if (flag === '--tools') {
      if (value !== 'core' && value !== 'all') return `--tools ${value}: give core or all`;
      out.tools = value;
    } else return `unknown option ${flag}`;
    i++;
  }
  return out;
}

function stderrLog(io: CliIo): LogBus {
  const logBus = new LogBus();
  const debug = Boolean(io.env.PUFFIN_DEBUG);
  logBus.subscribe((l) => {
    if (!debug && l.level !== 'warn' && l.level !== 'error') return;
    // A refused request is the tool's error result already.
    if (!debug && l.scope === 'ipc') return;
    io.stderr.write(`puffin ${l.level} [${l.scope}]: ${l.message}\n`);
  });
  return logBus;
}

/** Serves until stdin closes; the exit code. Bad arguments print the error object on stdout, as every command. */
export async function runMcp(argv: readonly string[], io: CliIo): Promise<number> {
  const args = parseMcpArgs(argv);
  if (typeof args === 'string')
    return printError(io, { code: 'invalid_arguments', message: `${args}. usage: ${MCP_USAGE}` });
  const root = await createRoot({
    userDataDir: defaultUserDataDir(io.env),
    logBus: stderrLog(io),
    platform: { face: 'mcp' },
    llm: { env: () => io.env },
  });
  const server = createMcpServer({
    root,
    version: APP_VERSION,
    tools: args.tools,
    explicitProject: args.project ?? (io.env.PUFFIN_PROJECT || null),
    cwd: io.cwd ?? process.cwd(),
  });
  const closed = new Promise<void>((resolve) => {
    server.onclose = () => resolve();
    io.stdin.once('end', () => resolve());
  });
  const offSignals = onShutdownSignal(() => {
    root.cancelAll();
    void server.close();
  });
  try {
    await server.connect(new StdioServerTransport(io.stdin, io.stdout));
    await closed;
    return 0;
  } finally {
    offSignals();
    await server.close().catch(() => {});
    await root.dispose();
  }
}
