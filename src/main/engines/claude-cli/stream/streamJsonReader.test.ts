import { describe, it, expect } from 'vitest';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { GARBAGE_LINE_LIMIT, StreamJsonReader, parseTranscript } from './streamJsonReader';
import type { CliEvent } from './cliEvents';
import { sharedDataDir } from '../../../../../test/support/sharedData';

const encoder = new TextEncoder();

function readAll(chunks: (string | Uint8Array)[]): CliEvent[] {
  const reader = new StreamJsonReader();
  const events: CliEvent[] = [];
  for (const chunk of chunks) events.push(...reader.push(chunk));
  events.push(...reader.end());
  return events;
}

const assistantLine = (text: string) =>
  JSON.stringify({ type: 'assistant', message: { id: 'msg_1', content: [{ type: 'text', text }] } });

describe('StreamJsonReader line handling', () => {
  it('keeps each line as it came on the events it made (not enumerable: events compare by what they say)', () => {
    const system = '{ "type": "system", "subtype": "x" }';
    const user =
      '{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"a","content":"x"},{"type":"tool_result","tool_use_id":"b","content":"y"}]}}';
    const events = readAll(['\ufeff' + system + '\r\n' + user + '\n']);
    expect(events.map((e) => e.kind)).toEqual(['system', 'tool_result', 'tool_result']);
    expect(events.map((e) => (e.kind === 'garbage' ? undefined : e.line))).toEqual([system, user, user]);
    expect(Object.keys(events[0]!)).not.toContain('line');
  });

  it('splits CRLF lines and drops the carriage return', () => {
    const events = readAll(['{"type":"system","subtype":"status"}\r\n{"type":"system","subtype":"x"}\r\n']);
    expect(events.map((e) => (e.kind === 'system' ? e.subtype : e.kind))).toEqual(['status', 'x']);
  });

  it('reassembles a UTF-8 character split across byte chunks', () => {
    const bytes = encoder.encode(assistantLine('héllo 🐦 ünïcode') + '\n');
    const oneByteChunks = Array.from(bytes, (b) => Uint8Array.of(b));
    const [event] = readAll(oneByteChunks);
    expect(event?.kind).toBe('assistant');
    if (event?.kind !== 'assistant') return;
    expect(event.blocks).toEqual([{ type: 'text', text: 'héllo 🐦 ünïcode' }]);
  });

  it('flushes bytes buffered in the decoder when a string chunk follows', () => {
    const bytes = encoder.encode('{"type":"x","v":"é"}');
    // Cut inside the two-byte é: its first byte stays in the decoder, then a string chunk arrives.
    const events = readAll([bytes.subarray(0, bytes.length - 3), '"}\n']);
    expect(events).toHaveLength(1);
    expect(events[0]?.kind === 'unknown' && events[0].raw).toEqual({ type: 'x', v: '\uFFFD' });
  });

  it('returns a last line without newline only at end()', () => {
    const reader = new StreamJsonReader();
    expect(reader.push('{"type":"system","subtype":"a"}\n{"type":"sys')).toHaveLength(1);
    expect(reader.push('tem","subtype":"b"}')).toEqual([]);
    const tail = reader.end();
    expect(tail).toHaveLength(1);
    expect(tail[0]?.kind === 'system' && tail[0].subtype).toBe('b');
  });

  it('skips blank and whitespace-only lines', () => {
    const events = readAll(['\n\n  \n{"type":"system","subtype":"a"}\n\r\n\t\n']);
    expect(events).toHaveLength(1);
  });

  it('reads a multi-megabyte line delivered in 64 KB chunks', () => {
    const big = 'x'.repeat(5_000_000);
    const text = assistantLine(big) + '\n' + '{"type":"system","subtype":"after"}\n';
    const chunks: string[] = [];
    for (let i = 0; i < text.length; i += 65536) chunks.push(text.slice(i, i + 65536));
    const events = readAll(chunks);
    expect(events).toHaveLength(2);
    const first = events[0];
    expect(
      first?.kind === 'assistant' && first.blocks[0]?.type === 'text' && first.blocks[0].text.length,
    ).toBe(5_000_000);
  });

  it('reports a line past the cap as one oversized garbage event, the moment it passes, and reads on', () => {
    const reader = new StreamJsonReader({ maxLineChars: 1000 });
    const first = reader.push('{"type":"system","subtype":"a"}\n' + assistantLine('y'.repeat(600)));
    expect(first.map((e) => e.kind)).toEqual(['system']);
    const second = reader.push('y'.repeat(600));
    expect(second).toEqual([
      {
        kind: 'garbage',
        line: '',
        error: expect.stringMatching(/longer than 1000 characters/),
        oversizedChars: expect.any(Number),
      },
    ]);
    const rest = [
      ...reader.push('y'.repeat(5000) + '"}]}}\n{"type":"system","subtype":"b"}\n'),
      ...reader.end(),
    ];
    expect(rest.map((e) => (e.kind === 'system' ? e.subtype : e.kind))).toEqual(['b']);
  });

  it('turns a non-JSON line into a garbage event, truncated, and carries on', () => {
    const junk = 'Error: something ' + 'z'.repeat(GARBAGE_LINE_LIMIT * 2);
    const events = readAll([junk + '\n{"type":"system","subtype":"ok"}\n[1,2]\n']);
    expect(events.map((e) => e.kind)).toEqual(['garbage', 'system', 'garbage']);
    const g = events[0];
    if (g?.kind !== 'garbage') throw new Error('expected garbage');
    expect(g.line.length).toBe(GARBAGE_LINE_LIMIT);
    expect(g.line.startsWith('Error: something')).toBe(true);
    expect(g.error.length).toBeGreaterThan(0);
    expect(events[2]?.kind === 'garbage' && events[2].error).toMatch(/not an object/);
  });

  it('maps unknown types to unknown events, keeping the raw object', () => {
    const [event] = readAll(['{"type":"future_thing","x":1}\n{"no_type":true}\n']);
    expect(event).toEqual({ kind: 'unknown', type: 'future_thing', raw: { type: 'future_thing', x: 1 } });
  });
});

describe('StreamJsonReader decoding', () => {
  it('decodes a result line whatever its key order', () => {
    const line =
      '{"duration_api_ms":5,"structured_output":{"a":1},"num_turns":2,"total_cost_usd":0.5,' +
      '"errors":["e1"],"is_error":false,"subtype":"success","result":"{\\"a\\":1}","duration_ms":40,' +
      '"session_id":"s1","api_error_status":429,"type":"result"}';
    const [event] = readAll([line]);
    expect(event).toMatchObject({
      kind: 'result',
      subtype: 'success',
      isError: false,
      resultText: '{"a":1}',
      hasStructuredOutput: true,
      structuredOutput: { a: 1 },
      errors: ['e1'],
      costUsd: 0.5,
      turns: 2,
      durationMs: 40,
      sessionId: 's1',
      apiErrorStatus: 429,
    });
  });

  it('treats a null structured_output as absent', () => {
    const [event] = readAll(['{"type":"result","subtype":"success","structured_output":null}']);
    expect(event?.kind === 'result' && event.hasStructuredOutput).toBe(false);
  });

  it('decodes init, thinking and tool_use blocks, and a user line with two tool results', () => {
    const lines = [
      '{"type":"system","subtype":"init","claude_code_version":"2.1.197","model":"m","tools":["Bash","StructuredOutput"],"session_id":"s","cwd":"/p"}',
      '{"type":"assistant","message":{"id":"msg_2","content":[{"type":"thinking","thinking":"hmm"},{"type":"tool_use","id":"t1","name":"StructuredOutput","input":{"a":1}},{"type":"image"}]}}',
      '{"type":"user","message":{"content":[{"type":"tool_result","tool_use_id":"t1","content":"ok"},{"type":"tool_result","tool_use_id":"t2","is_error":true,"content":[{"type":"text","text":"bad"}]}]}}',
      '{"type":"user","isSynthetic":true,"message":{"content":[{"type":"text","text":"You MUST call"}]}}',
    ];
    const events = readAll([lines.join('\n')]);
    expect(events[0]).toMatchObject({
      kind: 'init',
      cliVersion: '2.1.197',
      model: 'm',
      sessionId: 's',
      cwd: '/p',
    });
    expect(events[1]).toMatchObject({
      kind: 'assistant',
      messageId: 'msg_2',
      blocks: [
        { type: 'thinking', thinking: 'hmm' },
        { type: 'tool_use', id: 't1', name: 'StructuredOutput', input: { a: 1 } },
        { type: 'other', blockType: 'image' },
      ],
    });
    expect(events[2]).toMatchObject({ kind: 'tool_result', toolUseId: 't1', isError: false, content: 'ok' });
    expect(events[3]).toMatchObject({ kind: 'tool_result', toolUseId: 't2', isError: true, content: 'bad' });
    expect(events[4]).toMatchObject({ kind: 'user', text: 'You MUST call', isSynthetic: true });
  });

  it('gives stream deltas their block index and the message id announced by message_start', () => {
    const wrap = (event: object) => JSON.stringify({ type: 'stream_event', event });
    const events = readAll([
      [
        wrap({ type: 'message_start', message: { id: 'msg_9' } }),
        wrap({
          type: 'content_block_start',
          index: 1,
          content_block: { type: 'tool_use', id: 'tu', name: 'StructuredOutput' },
        }),
        wrap({
          type: 'content_block_delta',
          index: 1,
          delta: { type: 'input_json_delta', partial_json: '{"a"' },
        }),
        wrap({ type: 'content_block_delta', index: 0, delta: { type: 'text_delta', text: 'Hi' } }),
        '{"type":"rate_limit_event","rate_limit_info":{"status":"allowed","resetsAt":17,"rateLimitType":"five_hour"}}',
      ].join('\n'),
    ]);
    expect(events[1]).toMatchObject({
      eventType: 'content_block_start',
      index: 1,
      messageId: 'msg_9',
      blockStart: { blockType: 'tool_use', toolName: 'StructuredOutput', toolUseId: 'tu' },
    });
    expect(events[2]).toMatchObject({
      index: 1,
      messageId: 'msg_9',
      delta: { type: 'input_json', partialJson: '{"a"' },
    });
    expect(events[3]).toMatchObject({ index: 0, delta: { type: 'text', text: 'Hi' } });
    expect(events[4]).toMatchObject({
      kind: 'rate_limit',
      status: 'allowed',
      resetsAt: 17,
      rateLimitType: 'five_hour',
    });
  });

  it('parseTranscript equals feeding the same text chunk by chunk', () => {
    const text = ['{"type":"system","subtype":"a"}', assistantLine('é'), '{"type":"result"}'].join('\r\n');
    const chunked = readAll(Array.from(encoder.encode(text), (b) => Uint8Array.of(b)));
    expect(parseTranscript(text)).toEqual(chunked);
    expect(chunked.map((e) => e.kind)).toEqual(['system', 'assistant', 'result']);
  });
});

describe('StreamJsonReader on the recorded CLI transcripts', () => {
  const fixtureDir = sharedDataDir('cli');
  const files = readdirSync(fixtureDir).filter((f) => f.endsWith('.jsonl'));

  it('finds all 20 transcripts', () => {
    expect(files).toHaveLength(20);
  });

  it.each(files)('%s: init first, result last, no garbage, one event per tool result', (file) => {
    const text = readFileSync(path.join(fixtureDir, file), 'utf8');
    const events = parseTranscript(text);
    expect(events[0]?.kind).toBe('init');
    expect(events.at(-1)?.kind).toBe('result');
    expect(events.filter((e) => e.kind === 'garbage')).toEqual([]);
    const toolResultBlocks = (text.match(/"type":"tool_result"/g) ?? []).length;
    expect(events.filter((e) => e.kind === 'tool_result')).toHaveLength(toolResultBlocks);
  });
});
