import { describe, expect, it } from 'vitest';
import { ConcurrencyGate } from '../../llm/gate';
import { resolveSchema } from '../../llm/resolveSchema';
import { memoryLogger, memorySpawner, transcript as t } from '../../llm/testing';
import type { EngineEvent } from '../provider';
import { createClaudeCliProvider } from './provider';

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

/** One attempt of the CLI provider over STDOUT; what it emitted. */
async function emitted(activity: boolean | undefined): Promise<EngineEvent[]> {
  const { spawn } = memorySpawner([{ stdout: STDOUT }]);
  const provider = createClaudeCliProvider({
    locate: async () => ({ path: '/opt/claude', source: 'path', command: '/opt/claude', argsPrefix: [] }),
    logger: memoryLogger().logger,
    spawn,
    env: () => ({}),
  });
  const prompt = 'p';
  const request = { workflow: 'cli-prompt' as const, prompt, schema: PERSON, preview: () => {} };
  const prepared = await provider.prepare({
    request,
    schema: resolveSchema(request),
    model: undefined,
    mode: 'auto',
  });
  const events: EngineEvent[] = [];
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

  it('builds only the phase and the preview fragments when only the preview listens (activity: false)', async () => {
    expect(await emitted(false)).toEqual([
      { type: 'phase', phase: 'streaming' },
      { type: 'partial', text: '', block: 1 },
      { type: 'partial', text: '{"name":', block: 1 },
      { type: 'partial', text: '"Ada"}', block: 1 },
    ]);
  });
});
