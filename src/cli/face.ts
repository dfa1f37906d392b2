/**
 * The headless face: the composition root every face uses (face 'cli'), argv turned into contract requests by
 * the command's spec, each through the same validating dispatcher, and one JSON object printed on stdout.
 * Log lines go to stderr (warnings and errors; everything with PUFFIN_DEBUG). Ctrl-C, kill and a closed
 * terminal cancel what runs (stored as cancelled, CLI process trees killed).
 */
import type { RequestChannel, RequestOf, ResponseOf } from '../shared/ipc/contract';
import { storeProblemWarnings, type ProjectInfo } from '../shared/project';
import type { Generation } from '../shared/stories';
import { createRoot, type Root } from '../main/app/core';
import { LogBus } from '../main/base/logger';
import { defaultUserDataDir } from '../main/base/paths';
import { onShutdownSignal } from '../main/llm/shutdownSignals';
import { ArgError, parseArgs, type ParsedArgs } from './args';
import { usage } from './help';
import { printJson, type CliIo } from './io';
import { callsSummary, errorData, printError } from './output';
import { describeActivity, type CallActivityEvent } from '../shared/activity';
import { contextText } from './logContext';
import { resolveRefs } from './refs';
import { CliFailure, type CommandSpec, type OutputContext, type Payload, type Section6 } from './spec';

/**
 * Warnings and errors on stderr, each on one short line (the evidence is in the error object on stdout and in
 * the project's history); with --verbose (or PUFFIN_DEBUG) every line with its whole context.
 */
function stderrLog(io: CliIo, verbose: boolean): LogBus {
  const logBus = new LogBus();
  const debug = Boolean(io.env.PUFFIN_DEBUG);
  logBus.subscribe((l) => {
    if (!debug && !verbose && l.level !== 'warn' && l.level !== 'error') return;
    // A refused request is the error object on stdout already.
    if (!debug && l.scope === 'ipc') return;
    const context = l.context ? ` ${contextText(l.context, debug || verbose)}` : '';
    io.stderr.write(`puffin ${l.level} [${l.scope}]: ${l.message}${context}\n`);
  });
  return logBus;
}

/**
 * --verbose: the progress of a running call (turns, tool calls, retries, items done, the stories or plan items
 * and questions so far) as one stderr line.
 */
function activityLine(io: CliIo, event: string, payload: unknown): void {
  if (event === 'call:activity') {
    const { activity } = payload as CallActivityEvent;
    io.stderr.write(`puffin activity [${activity.label}]: ${describeActivity(activity)}\n`);
  }
  const progress = ['generation:progress', 'plan:progress', 'plan:preview'];
  if (!progress.includes(event)) return;
  io.stderr.write(`puffin progress [${event}]: ${JSON.stringify(payload)}\n`);
}

async function execute(
  spec: CommandSpec,
  args: ParsedArgs,
  root: Root,
): Promise<{ out: Section6; value: ResponseOf<RequestChannel> }> {
  const records = new Map<string, Generation>();
  let project: ProjectInfo | null = null;
  root.onEvent((event, payload) => {
    if (event === 'history:changed') records.set((payload as Generation).id, payload as Generation);
    if (event === 'project:changed') project = payload as ProjectInfo | null;
  });
  const send = async (channel: RequestChannel, payload: unknown): Promise<unknown> => {
    const r = await root.dispatch(channel, payload, { face: 'cli' });
    if (!r.ok) throw new CliFailure(errorData(r.error));
    return r.value;
  };
  let sent: Payload = {};
  const ctx: OutputContext = {
    call: <C extends RequestChannel>(channel: C, payload: RequestOf<C>) =>
      send(channel, payload) as Promise<ResponseOf<C>>,
    records: () => [...records.values()],
    request: () => sent,
  };
  if (args.project !== undefined)
    await send('project:open', { path: args.project, ...(args.hermetic ? { hermetic: true } : {}) });
  const given = await resolveRefs(spec, args.payload, ctx);
  const { calls, payload } = spec.before?.(given) ?? { calls: [], payload: given };
  for (const c of calls) await send(c.channel, c.payload);
  const request = spec.resolve ? await spec.resolve(payload, ctx) : payload;
  sent = request;
  const value = (await send(spec.channel, request)) as ResponseOf<RequestChannel>;
  // Titles and history records written after the answer are stored before we report, unless the command
  // answers as soon as its result is stored (its background work then ends with the process).
  if (!spec.answerFirst) await root.idle();
  const out = spec.output
    ? await spec.output(value, ctx, given)
    : { data: value, ...callsSummary(ctx.records()) };
  const kept = [
    // A settings file kept aside is told as store files are (it is also on stderr, as an error).
    ...root.services.settings.problems,
    ...storeProblemWarnings((project as ProjectInfo | null)?.store.problems ?? []),
  ];
  return { out: kept.length ? { ...out, warnings: [...out.warnings, ...kept] } : out, value };
}

/** Runs one command (argv after its words); prints exactly one JSON object and returns the exit code. */
export async function runCommand(spec: CommandSpec, argv: string[], io: CliIo): Promise<number> {
  let args: ParsedArgs;
  try {
    args = await parseArgs(spec, argv, io);
  } catch (err) {
    if (err instanceof ArgError)
      return printError(io, { code: err.code, message: `${err.message}. usage: ${usage(spec)}` });
    throw err;
  }
  const root = await createRoot({
    userDataDir: defaultUserDataDir(io.env),
    logBus: stderrLog(io, args.verbose === true),
    platform: { face: 'cli' },
    llm: { env: () => io.env, ...(args.engine ? { engine: args.engine } : {}) },
  });
  if (args.verbose) root.onEvent((event, payload) => activityLine(io, event, payload));
  const offSignals = onShutdownSignal(() => root.cancelAll());
  try {
    const { out, value } = await execute(spec, args, root);
    printJson(io, out);
    return spec.exitCode?.(value) ?? 0;
  } catch (err) {
    if (err instanceof CliFailure) return printError(io, err.error);
    throw err;
  } finally {
    offSignals();
    await root.dispose();
  }
}
