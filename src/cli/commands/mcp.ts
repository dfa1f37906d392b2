// `puffin mcp [--project DIR] [--tools core|all]`: the one command that serves instead of answering once. It is
// not a CommandSpec (no single request, no one-object answer on success): the MCP face in src/mcp runs it, and
// its tools go through the same dispatcher as every command.
// `puffin agents init --project DIR`: the agent instructions in AGENTS.md and CLAUDE.md (a marked block).
// `puffin implement --project DIR --story ID [--rounds N] [--provider claude-cli]`: the story implemented by the
// user's agent in a worktree.
import type { CliIo } from '../io';
import type { CommandSpec } from '../spec';

export interface ServeCommand {
  path: string[];
  usage: string;
  summary: string;
  run(argv: string[], io: CliIo): Promise<number>;
}

export const mcpCommand: ServeCommand = {
  path: ['mcp'],
  usage: 'puffin mcp [--project DIR] [--tools core|all]',
  summary: 'MCP server on stdio for coding agents (core tools by default; --tools all adds the workflows)',
  // Loaded only to serve: the MCP SDK stays out of every other command's start.
  run: async (argv, io) => (await import('../../mcp/run')).runMcp(argv, io),
};

export const agentsInitCommand: CommandSpec<'agent:init'> = {
  path: ['agents', 'init'],
  summary: 'write how agents get, read, verify and finish stories into AGENTS.md and CLAUDE.md (idempotent)',
  channel: 'agent:init',
  project: true,
  output: (value) => ({ data: value, source: null, warnings: [], meta: {} }),
};

export const implementCommand: CommandSpec<'agent:implement'> = {
  path: ['implement'],
  summary:
    'the Claude Code CLI implements a story in a git worktree on a new branch puffin/<short-id>-<slug>; its assertions judge it',
  channel: 'agent:implement',
  project: true,
  // The coding agent is the Claude Code CLI (its edit tools in the worktree): no other engine can be chosen.
  engines: false,
  flags: [
    { flag: 'story', kind: 'string', field: 'story', required: true, value: 'ID' },
    { flag: 'rounds', kind: 'integer', field: 'rounds', value: 'N' },
    { flag: 'provider', kind: 'string', field: 'provider', value: 'claude-cli' },
  ],
  output: (value) => ({ data: value, source: null, warnings: [], meta: { costUsd: value.costUsd } }),
  exitCode: (value) => (value.verdict === 'verified' ? 0 : 1),
};
