import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ConcurrencyGate } from '../../llm/gate';
import { resolveSchema } from '../../llm/resolveSchema';
import { memoryLogger, memorySpawner, transcript as t } from '../../../../test/support/memorySpawner';
import type { EngineEvent } from '../provider';
import { createClaudeCliProvider } from './provider';
import type { SpawnExit, Spawner } from './spawnCli';
import { cliDeltaLine } from '../../../../test/support/cliDeltaLines';

const PERSON = { type: 'object', properties: { name: { type: 'string' } }, required: ['name'] };
const se = (event: Record<string, unknown>) => JSON.stringify({ type: 'stream_event', event });
const STDOUT = t.lines(
  t.init(),
  se({ type: 'message_start', message: { id: 'm1', usage: { input_tokens: 12 } } }),
  se({
    type: 'content_block_start',
    index: 0,
    content_block: { type: 'tool_use', id: 'tu', name: 'StructuredOutput', input: {} },
  }),
  se({
    type: 'content_block_delta',
    index: 0,
    delta: { type: 'input_json_delta', partial_json: '{"name":' },
  }),
  se({ type: 'content_block_delta', index: 0, delta: { type: 'input_json_delta', partial_json: '"Ada"}' } }),
  t.result({ structured_output: { name: 'Ada' } }),
);

/** A spawner printing STDOUT in two chunks, cut after its `cut`-th line. */
function twoChunks(cut: number): Spawner {
  const lines = STDOUT.split('\n');
  const chunks = [lines.slice(0, cut).join('\n') + '\n', lines.slice(cut).join('\n')].map((c) =>
    Buffer.from(c),
  );
  return (...args) => {
    const run = memorySpawner([{ stdout: '' }]).spawn(...args);
    const stdout = Readable.from(chunks);
    const exited = new Promise<SpawnExit>((resolve) =>
      stdout.on('end', () => resolve({ exitCode: 0, signal: null })),
    );
    return { ...run, stdout, exited };
  };
}

/** One attempt of the CLI provider over STDOUT; what it emitted (and the CLI events, with `onEvent`, through the provider's onCliEvent). */
async function emitted(
  activity: boolean | undefined,
  {
    spawn = memorySpawner([{ stdout: STDOUT }]).spawn,
    onEvent,
  }: { spawn?: Spawner; onEvent?: (events: EngineEvent[]) => void } = {},
): Promise<EngineEvent[]> {
  const events: EngineEvent[] = [];
  const provider = createClaudeCliProvider({
    locate: async () => ({ path: '/opt/claude', source: 'path', command: '/opt/claude', argsPrefix: [] }),
    logger: memoryLogger().logger,
    spawn,
    env: () => ({}),
    ...(onEvent ? { onCliEvent: () => onEvent(events) } : {}),
  });
  const prompt = 'p';
  const request = {
    workflow: 'cli-prompt' as const,
    prompt,
    schema: PERSON,
    preview: () => {},
  };
  const prepared = await provider.prepare({
    request,
    schema: resolveSchema(request),
    model: undefined,
    mode: 'auto',
  });
  await new ConcurrencyGate(1).run((lease) =>
    prepared.attempt({
      attempt: 1,
      lease,
      timeoutMs: 60_000,
      callTimeoutMs: 60_000,
      emit: (e) => events.push(e),
      ...(activity === undefined ? {} : { activity }),
    }),
  );
  return events;
}

/** STDOUT with the deltas as the CLI prints them (its envelope on every line), which the reader takes as fields. */
const CLI_SHAPED = t.lines(
  t.init(),
  '{ "type": "system", "subtype": "status" }', // spaced as no serialiser would: raw lines are the CLI's own
  se({ type: 'message_start', message: { id: 'm1' } }),
  se({
    type: 'content_block_start',
    index: 0,
    content_block: { type: 'tool_use', id: 'tu', name: 'StructuredOutput', input: {} },
  }),
  cliDeltaLine('{"name":', 1),
  cliDeltaLine('"Ada"}', 2),
  cliDeltaLine('{"not":"the answer"}', 3, 0, 'toolu_sub'),
  t.result({ structured_output: { name: 'Ada' } }),
);

describe('the claude-cli provider', () => {
  it('emits every stdout line raw, with turns and tokens, when someone reads the activity', async () => {
    const events = await emitted(undefined);
    const lines = STDOUT.trim().split('\n');
    expect(events.filter((e) => e.type === 'raw').map((e) => JSON.parse(e.line) as unknown)).toEqual(
      lines.map((l) => JSON.parse(l) as unknown),
    );
    expect(events).toContainEqual({ type: 'turn', id: 'm1' });
    expect(events).toContainEqual({ type: 'usage', id: 'm1', tokensIn: 12 });
    expect(await emitted(true)).toEqual(events);
  });

  it('builds only the phase and the preview fragments when only the preview listens (activity: false), one per stdout chunk', async () => {
    expect(await emitted(false)).toEqual([
      { type: 'phase', phase: 'streaming' },
      { type: 'partial', text: '{"name":"Ada"}', block: 1 },
    ]);
    // Cut between the two deltas: each chunk's fragments are passed on at its end, none waits for the next.
    expect(await emitted(false, { spawn: twoChunks(4) })).toEqual([
      { type: 'phase', phase: 'streaming' },
      { type: 'partial', text: '{"name":', block: 1 },
      { type: 'partial', text: '"Ada"}', block: 1 },
    ]);
  });

  it("previews the CLI's own delta lines the same whether they come as fields (only the preview listens) or as events", async () => {
    const spawn = memorySpawner([{ stdout: CLI_SHAPED }]).spawn;
    expect(await emitted(false, { spawn })).toEqual([
      { type: 'phase', phase: 'streaming' },
      { type: 'partial', text: '{"name":"Ada"}', block: 1 },
    ]);
    const events = await emitted(false, { spawn, onEvent: () => {} });
    expect(events.filter((e) => e.type === 'partial').map((e) => e.text)).toEqual(['', '{"name":', '"Ada"}']);
  });

  it("with the activity, hands the CLI's delta lines over as runs of raw lines: the same lines, in order, as one event per line", async () => {
    const spawn = memorySpawner([{ stdout: CLI_SHAPED }]).spawn;
    const rawOf = (events: EngineEvent[]) =>
      events.flatMap((e) => (e.type === 'raw' ? [e.line] : e.type === 'rawLines' ? e.lines.all() : []));
    const byRuns = await emitted(true, { spawn });
    // A run per block and agent: the answer's two lines, then the subagent's one.
    expect(byRuns.filter((e) => e.type === 'rawLines').map((e) => e.lines.all())).toEqual([
      [cliDeltaLine('{"name":', 1), cliDeltaLine('"Ada"}', 2)],
      [cliDeltaLine('{"not":"the answer"}', 3, 0, 'toolu_sub')],
    ]);
    expect(byRuns.filter((e) => e.type === 'raw')).toHaveLength(5); // init, status, message_start, block start, result
    const perLine = await emitted(true, { spawn, onEvent: () => {} });
    expect(rawOf(byRuns)).toEqual(rawOf(perLine));
    expect(rawOf(byRuns)).toEqual(CLI_SHAPED.trim().split('\n')); // each line as the CLI printed it
    const text = (events: EngineEvent[]) =>
      events.flatMap((e) => (e.type === 'partial' ? [e.text] : [])).join('');
    expect(text(byRuns)).toBe(text(perLine));
    expect(byRuns.filter((e) => e.type !== 'raw' && e.type !== 'rawLines' && e.type !== 'partial')).toEqual(
      perLine.filter((e) => e.type !== 'raw' && e.type !== 'rawLines' && e.type !== 'partial'),
    );
  });

  it("passes each fragment on before the caller's onEvent hears of its line", async () => {
    // What had been emitted when onEvent heard of each line: the fragment of a delta line is already out.
    const seen: number[] = [];
    const events = await emitted(false, {
      onEvent: (sofar) => seen.push(sofar.filter((e) => e.type === 'partial').length),
    });
    expect(events.filter((e) => e.type === 'partial').map((e) => e.text)).toEqual(['', '{"name":', '"Ada"}']);
    expect(seen).toEqual([0, 0, 1, 2, 3, 3]);
  });
});
