// `puffin prompt --schema <file> [--envelope <key>] [--max-turns N] [--model M]` (DESIGN §6)
// Prompt on stdin; runs sendPrompt; prints {"data","source","warnings","meta":{cliVersion,costUsd,turns,
// durationMs,sessionId}} and exits 0, or {"error":{"code","message"}} and exits 1. Warnings also go to stderr.
// The CLI is `claude` on PATH, or PUFFIN_CLAUDE_PATH.
import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import type { Logger } from '../../main/core/logger';
import { PromptError } from '../../main/llm/errors';
import { ConcurrencyGate } from '../../main/llm/gate';
import { locateCli } from '../../main/llm/locateCli';
import { createSendPrompt } from '../../main/llm/sendPrompt';
import { onShutdownSignal } from '../../main/llm/shutdownSignals';
import type { JsonSchema } from '../../main/llm/schemas';
import { printError, printJson, readAll, type CliCommand, type CliIo } from '../command';

const USAGE =
  'usage: puffin prompt --schema <file> [--envelope <key>] [--max-turns N] [--model M]  (prompt on stdin)';

interface PromptArgs {
  schema: string;
  envelope?: string;
  maxTurns?: number;
  model?: string;
}

function parse(argv: string[]): PromptArgs | string {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        schema: { type: 'string' },
        envelope: { type: 'string' },
        'max-turns': { type: 'string' },
        model: { type: 'string' },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (err) {
    return `${(err as Error).message}. ${USAGE}`;
  }
  if (!values.schema) return `--schema is required. ${USAGE}`;
  const args: PromptArgs = { schema: values.schema };
  if (values.envelope) args.envelope = values.envelope;
  if (values.model) args.model = values.model;
  if (values['max-turns'] !== undefined) {
    const n = Number(values['max-turns']);
    if (!Number.isInteger(n) || n < 1) return `--max-turns must be a positive integer. ${USAGE}`;
    args.maxTurns = n;
  }
  return args;
}

/** Warnings (e.g. the legacy-extraction warning) on stderr; stdout carries only the one JSON object. */
function stderrLogger(io: CliIo): Logger {
  const debug = Boolean(io.env.PUFFIN_DEBUG);
  const line = (level: string, message: string, context?: Record<string, unknown>) =>
    io.stderr.write(`puffin ${level}: ${message}${context ? ` ${JSON.stringify(context)}` : ''}\n`);
  const logger: Logger = {
    debug: (m, c) => debug && line('debug', m, c),
    info: (m, c) => debug && line('info', m, c),
    warn: (m, c) => line('warn', m, c),
    error: (m) => debug && line('error', m),
    child: () => logger,
  };
  return logger;
}

async function run(argv: string[], io: CliIo): Promise<number> {
  const args = parse(argv);
  if (typeof args === 'string') return printError(io, 'invalid_arguments', args);

  let schema: JsonSchema;
  try {
    schema = JSON.parse(await readFile(args.schema, 'utf8')) as JsonSchema;
  } catch (err) {
    return printError(
      io,
      'invalid_schema',
      `cannot read a JSON schema from ${args.schema}: ${(err as Error).message}`,
    );
  }
  const prompt = await readAll(io.stdin);
  if (prompt.trim() === '')
    return printError(io, 'invalid_arguments', `the prompt (stdin) is empty. ${USAGE}`);

  const sendPrompt = createSendPrompt({
    locate: () => locateCli({ env: io.env }),
    gate: new ConcurrencyGate(1),
    logger: stderrLogger(io),
    settings: () => ({}),
    env: () => io.env,
  });
  // Ctrl-C, kill and a closed terminal must take the CLI's process tree with it (it runs in its own group).
  const controller = new AbortController();
  const offSignals = onShutdownSignal(() => controller.abort());
  try {
    const result = await sendPrompt({
      workflow: 'cli-prompt',
      prompt,
      schema,
      signal: controller.signal,
      ...(args.envelope ? { envelope: args.envelope } : {}),
      ...(args.maxTurns ? { maxTurns: args.maxTurns } : {}),
      ...(args.model ? { model: args.model } : {}),
    });
    const { cliVersion, costUsd, turns, durationMs, sessionId } = result.meta;
    printJson(io, {
      data: result.data,
      source: result.source,
      warnings: result.warnings,
      meta: { cliVersion, costUsd, turns, durationMs, sessionId },
    });
    return 0;
  } catch (err) {
    if (err instanceof PromptError) return printError(io, err.code, err.message);
    throw err;
  } finally {
    offSignals();
  }
}

export const promptCommand: CliCommand = {
  path: ['prompt'],
  summary: 'run a prompt (stdin) through Claude Code with a JSON schema; prints the validated data',
  run,
};
