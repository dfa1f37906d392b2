import { describe, expect, it } from 'vitest';
import { createPreviewFeed } from './cliPartials';
import { PartialJsonParser } from '../../llm/preview/partialJsonParser';
import type { PreviewEvent } from '../../llm/promptTypes';
import type { CliEvent } from './stream';

const start = (index: number, toolName: string | undefined, messageId = 'm1', parent?: string): CliEvent => ({
  kind: 'stream_event',
  eventType: 'content_block_start',
  event: {},
  raw: {},
  index,
  messageId,
  blockStart: { blockType: toolName ? 'tool_use' : 'text', ...(toolName ? { toolName } : {}) },
  ...(parent ? { parentToolUseId: parent } : {}),
});
const delta = (index: number, partialJson: string, messageId = 'm1', parent?: string): CliEvent => ({
  kind: 'stream_event',
  eventType: 'content_block_delta',
  event: {},
  raw: {},
  index,
  messageId,
  delta: { type: 'input_json', partialJson },
  ...(parent ? { parentToolUseId: parent } : {}),
});

function run(events: CliEvent[]): PreviewEvent[] {
  const out: PreviewEvent[] = [];
  const feed = createPreviewFeed(
    (e) => out.push(e),
    () => new PartialJsonParser(),
  );
  events.forEach(feed);
  return out;
}

describe('createPreviewFeed', () => {
  it('parses only the StructuredOutput block, ignoring other tools and subagents', () => {
    expect(
      run([
        start(0, 'Read'),
        delta(0, '{"stories":[1]}'),
        start(0, 'StructuredOutput', 'sub', 'toolu_parent'),
        delta(0, '{"stories":[2]}', 'sub', 'toolu_parent'),
        start(1, 'StructuredOutput'),
        delta(1, '{"stories":[3'),
        delta(1, ',4]}'),
      ]),
    ).toEqual([
      { type: 'item', path: ['stories'], index: 0, value: 3 },
      { type: 'item', path: ['stories'], index: 1, value: 4 },
      { type: 'done', value: { stories: [3, 4] } },
    ]);
  });

  it('starts over with a reset when the model makes a new StructuredOutput call', () => {
    expect(
      run([
        start(0, 'StructuredOutput', 'm1'),
        delta(0, '{"stories":[1,', 'm1'),
        start(0, 'StructuredOutput', 'm2'),
        delta(0, '{"stories":[7]}', 'm2'),
      ]),
    ).toEqual([
      { type: 'item', path: ['stories'], index: 0, value: 1 },
      { type: 'reset', attempt: 2 },
      { type: 'item', path: ['stories'], index: 0, value: 7 },
      { type: 'done', value: { stories: [7] } },
    ]);
  });

  it('survives a throwing sink and a throwing parser', () => {
    const feed = createPreviewFeed(
      () => {
        throw new Error('UI broke');
      },
      () => new PartialJsonParser(),
    );
    expect(() => [start(0, 'StructuredOutput'), delta(0, '{"stories":[1]}')].forEach(feed)).not.toThrow();
    const broken = createPreviewFeed(
      () => {},
      () => ({
        push: () => {
          throw new Error('parser broke');
        },
      }),
    );
    expect(() => [start(0, 'StructuredOutput'), delta(0, '{'), delta(0, '}')].forEach(broken)).not.toThrow();
  });
});
