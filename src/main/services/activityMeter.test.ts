import { describe, expect, it, vi } from 'vitest';
import type { CallActivityEvent } from '../../shared/activity';
import type { CliEvent } from '../engines/claude-cli/stream';
import { ActivityMeter } from './activityMeter';
import { cliActivityEvents } from '../engines/claude-cli/activityEvents';
import { RawLineRun } from '../llm/rawLineRun';
import { StreamJsonReader } from '../engines/claude-cli/stream/streamJsonReader';

const raw = (o: Record<string, unknown>) => o;
const EVENTS: CliEvent[] = [
  { kind: 'init', tools: ['Read'], raw: raw({ type: 'system', subtype: 'init' }) },
  {
    kind: 'stream_event',
    eventType: 'message_start',
    messageId: 'm1',
    event: { type: 'message_start', message: { id: 'm1', usage: { input_tokens: 1200 } } },
    raw: raw({ type: 'stream_event' }),
  },
  {
    kind: 'assistant',
    messageId: 'm1',
    blocks: [{ type: 'tool_use', id: 't1', name: 'Read', input: { file_path: 'src/app.ts' } }],
    raw: raw({ type: 'assistant' }),
  },
  {
    kind: 'stream_event',
    eventType: 'message_delta',
    messageId: 'm1',
    event: { type: 'message_delta', usage: { output_tokens: 40 } },
    raw: raw({ type: 'stream_event', n: 2 }),
  },
  {
    kind: 'system',
    subtype: 'api_retry',
    raw: raw({ type: 'system', subtype: 'api_retry', retry_delay_ms: 500, error_status: 529 }),
  },
  {
    kind: 'assistant',
    messageId: 'm2',
    blocks: [{ type: 'tool_use', id: 't2', name: 'StructuredOutput', input: {} }],
    raw: raw({ type: 'assistant', n: 2 }),
  },
];

function meter() {
  const events: CallActivityEvent[] = [];
  let t = 1000;
  const m = new ActivityMeter({ callId: 'c1', label: 'S · A', sprintId: 'sp' }, (e) => events.push(e), {
    now: () => (t += 100),
    flushMs: 60_000, // only phase changes and finish flush in this test
  });
  return { m, events };
}

describe('ActivityMeter over the CLI’s events as neutral engine events', () => {
  it('counts turns by message, tool calls with their target, tokens per message, retries with their wait', () => {
    const { m, events } = meter();
    m.signal({ type: 'phase', phase: 'streaming' }); // the provider says so at the CLI's first line
    for (const e of EVENTS) for (const s of cliActivityEvents(e)) m.signal(s);
    // Waiting at first, running once the engine streams, retrying at the CLI's api_retry (with its wait), running again.
    // A tool call goes out at once, with the lines before it.
    expect(events.map((e) => e.activity.phase)).toEqual([
      'waiting',
      'running',
      'running',
      'retrying',
      'running',
    ]);
    expect(events[2]).toMatchObject({
      activity: { lastTool: 'Read src/app.ts' },
      lines: [expect.any(String), expect.any(String), expect.any(String)],
    });
    expect(events[3]!.activity.retry).toEqual({
      delayMs: 500,
      message: 'The API answered 529; the CLI retries.',
    });
    const last = events.at(-1)!.activity;
    expect(last).toMatchObject({
      turn: 2,
      toolCalls: 1,
      lastTool: 'Read src/app.ts',
      tokensIn: 1200,
      tokensOut: 40,
    });
    expect(last.retry).toBeNull();

    m.signal({ type: 'usage', total: true, tokensIn: 1500, tokensOut: 90, costUsd: 0.02 });
    m.finish();
    const final = events.at(-1)!;
    expect(final.activity).toMatchObject({ phase: 'finished', tokensIn: 1500, tokensOut: 90, costUsd: 0.02 });
    expect(final.activity.elapsedMs).toBeGreaterThan(0);
    // Every raw line went out exactly once, in order.
    expect(events.flatMap((e) => e.lines)).toHaveLength(EVENTS.length);
    m.signal({ type: 'raw', line: 'late' });
    expect(events.at(-1)).toBe(final);
  });

  it('gives a stdout line once, however many events it makes (a user line with several tool results)', () => {
    const line = JSON.stringify({
      type: 'user',
      message: {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'a', content: 'one' },
          { type: 'tool_result', tool_use_id: 'b', content: 'two' },
        ],
      },
    });
    const events = new StreamJsonReader().push(line + '\n');
    expect(events.map((e) => e.kind)).toEqual(['tool_result', 'tool_result']);
    const raws = events.flatMap(cliActivityEvents).filter((a) => a.type === 'raw');
    expect(raws).toEqual([{ type: 'raw', line }]);
  });

  it('keeps a line that is not JSON, wrapped, as History did', () => {
    expect(cliActivityEvents({ kind: 'garbage', line: 'not json', error: 'bad' })).toEqual([
      { type: 'raw', line: '{"type":"puffin_unparsed_line","line":"not json","error":"bad"}' },
    ]);
  });

  it('keeps an event small: past maxLines only the newest lines go, and how many were skipped', () => {
    const events: CallActivityEvent[] = [];
    const m = new ActivityMeter({ callId: 'c', label: 'l' }, (e) => events.push(e), { maxLines: 2 });
    for (const line of ['a', 'b', 'c', 'd']) m.signal({ type: 'raw', line });
    m.finish();
    expect(events.at(-1)).toMatchObject({ lines: ['c', 'd'], skippedLines: 2 });
    expect(events[0]!.activity).not.toHaveProperty('sprintId');
  });

  it('takes a run of raw lines as that many lines, and keeps only the newest between two events', () => {
    const run = (lines: string[]) => {
      const r = new RawLineRun();
      for (const line of lines) r.addLine(line);
      return r;
    };
    const events: CallActivityEvent[] = [];
    const m = new ActivityMeter({ callId: 'c', label: 'l' }, (e) => events.push(e), { maxLines: 2 });
    m.signal({ type: 'raw', line: 'a' });
    m.signal({ type: 'rawLines', lines: run(['b', 'c', 'd']) });
    m.signal({ type: 'rawLines', lines: run(Array.from({ length: 1000 }, (_, k) => `l${k}`)) });
    m.signal({ type: 'raw', line: 'z' });
    m.finish();
    expect(events.at(-1)).toMatchObject({ lines: ['l999', 'z'], skippedLines: 1003 });
  });

  it('reads a run only when its lines are among the newest at an event, and counts every line it drops', () => {
    const events: CallActivityEvent[] = [];
    const m = new ActivityMeter({ callId: 'c', label: 'l' }, (e) => events.push(e), { maxLines: 3 });
    const old = new RawLineRun();
    old.addLine('o1');
    old.addLine('o2');
    const last = vi.spyOn(old, 'last');
    const all = vi.spyOn(old, 'all');
    m.signal({ type: 'rawLines', lines: old });
    // Far more entries than an event carries: the pending list is trimmed on the way, not only at the flush.
    for (let k = 0; k < 50; k++) m.signal({ type: 'raw', line: `r${k}` });
    const newest = new RawLineRun();
    newest.addLine('n1');
    newest.addLine('n2');
    m.signal({ type: 'rawLines', lines: newest });
    m.finish();
    expect(last).not.toHaveBeenCalled();
    expect(all).not.toHaveBeenCalled();
    expect(events.at(-1)).toMatchObject({ lines: ['r49', 'n1', 'n2'], skippedLines: 51 });
  });
});
