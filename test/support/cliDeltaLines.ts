// Lines and transcripts for the fast-path tests (fastPath.test.ts, fastPathReader.test.ts): CLI delta lines as the
// CLI prints them, the streaming corpus turned into transcripts, and events as plain objects to compare.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { rng } from './rng';
import { sharedDataDir } from './sharedData';
import type { CliEvent } from '../../src/main/engines/claude-cli/stream/cliEvents';

export const fixtureDir = sharedDataDir('cli');
export const streamingDir = sharedDataDir('corpus', 'streaming');
export const fixtureFiles = readdirSync(fixtureDir).filter((f) => f.endsWith('.jsonl'));
export const corpusFiles = readdirSync(streamingDir).filter(
  (f) => f.endsWith('.json') && f !== 'manifest.json',
);
const SESSION = '39717606-0392-4a93-ab1b-92bf9cd25a91';
const uuid = (k: number) => `c55e668e-c166-4e78-b57b-${String(k).padStart(12, '0')}`;

/** A delta line as the CLI prints it (2.1.197 fixtures: session_id, parent_tool_use_id, uuid after the event). */
export function cliDeltaLine(
  partialJson: string,
  k: number,
  index = 0,
  parent: string | null = null,
): string {
  return JSON.stringify({
    type: 'stream_event',
    event: {
      type: 'content_block_delta',
      index,
      delta: { type: 'input_json_delta', partial_json: partialJson },
    },
    session_id: SESSION,
    parent_tool_use_id: parent,
    uuid: uuid(k),
  });
}

/** Characters that probe a delta line's shape when put in at random (quotes, escapes, controls, UTF-16 halves). */
const PALETTE = [
  '"',
  '\\',
  '{',
  '}',
  ',',
  ':',
  '0',
  '1',
  ' ',
  'a',
  '\u0000',
  '\t',
  'é',
  '\ud83d',
  'n',
  'u',
  '\r',
];

/** `line` with one character put in, taken out or replaced, at random. */
export function mutated(line: string, next: () => number): string {
  const at = Math.floor(next() * (line.length + 1));
  const op = next();
  const ch = PALETTE[Math.floor(next() * PALETTE.length)]!;
  if (op < 0.4) return line.slice(0, at) + ch + line.slice(at);
  if (op < 0.8) return line.slice(0, at) + line.slice(at + 1);
  return line.slice(0, at) + ch + line.slice(at + 1);
}

/** A corpus document streamed the way the manifest describes: seeded 1..16 UTF-16 code-unit "tokens". */
export function fragments(text: string, seed: number): string[] {
  const next = rng(seed);
  const out: string[] = [];
  for (let i = 0; i < text.length;) {
    const n = 1 + Math.floor(next() * 16);
    out.push(text.slice(i, i + n));
    i += n;
  }
  return out;
}

export function corpusTranscript(file: string): string {
  const text = readFileSync(path.join(streamingDir, file), 'utf8');
  const se = (event: object) =>
    JSON.stringify({
      type: 'stream_event',
      event,
      session_id: SESSION,
      parent_tool_use_id: null,
      uuid: uuid(0),
    });
  const lines = [
    JSON.stringify({
      type: 'system',
      subtype: 'init',
      claude_code_version: '2.1.197',
      tools: ['StructuredOutput'],
    }),
    se({ type: 'message_start', message: { id: 'msg_1', content: [] } }),
    se({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 't', name: 'StructuredOutput' },
    }),
    ...fragments(text, file.length).map((f, k) => cliDeltaLine(f, k)),
    se({ type: 'content_block_stop', index: 0 }),
    JSON.stringify({ type: 'result', subtype: 'success', structured_output: JSON.parse(text) }),
  ];
  return lines.join('\n') + '\n';
}

/** An event as a plain object with `raw` and `event` as own values (a CLI delta event parses them on access). */
export function plain(event: CliEvent): Record<string, unknown> {
  if (event.kind === 'stream_event') return { ...event, event: event.event, raw: event.raw };
  return 'raw' in event ? { ...event, raw: event.raw } : { ...event };
}
