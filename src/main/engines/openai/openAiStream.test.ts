import type { ChatCompletionChunk } from 'openai/resources/chat/completions';
import { describe, expect, it } from 'vitest';
import { openAiStreamReader } from './openAiStream';

type Delta = ChatCompletionChunk.Choice.Delta;
const chunk = (
  delta: Delta,
  finish: ChatCompletionChunk.Choice['finish_reason'] = null,
): ChatCompletionChunk => ({
  id: 'c',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'm',
  choices: [{ index: 0, delta, finish_reason: finish }],
});
const usage: ChatCompletionChunk = {
  id: 'c',
  object: 'chat.completion.chunk',
  created: 1,
  model: 'm',
  choices: [],
  usage: { prompt_tokens: 30, completion_tokens: 8, total_tokens: 38 },
};
const args = (text: string) => chunk({ tool_calls: [{ index: 0, function: { arguments: text } }] });

describe('openAiStreamReader', () => {
  it('returns content deltas as preview fragments and the usage chunk as tokens (native)', () => {
    const reader = openAiStreamReader('native');
    const fragments = [
      chunk({ role: 'assistant', content: '' }),
      chunk({ content: '{"a"' }),
      chunk({ content: ':1}' }),
    ]
      .concat([chunk({}, 'stop'), usage])
      .map((c) => reader.push(c));
    expect(fragments).toEqual(['', '{"a"', ':1}', '', '']);
    expect(reader.finish()).toEqual({ text: '{"a":1}', ending: 'complete', tokensIn: 30, tokensOut: 8 });
  });

  it("takes the first tool call's argument deltas in tool mode, and ignores content there", () => {
    const reader = openAiStreamReader('tool');
    reader.push(
      chunk({
        tool_calls: [{ index: 0, id: 'call', type: 'function', function: { name: 'answer', arguments: '' } }],
      }),
    );
    expect(reader.push(args('{"a":'))).toBe('{"a":');
    expect(reader.push(chunk({ content: 'chatter' }))).toBe('');
    reader.push(chunk({ tool_calls: [{ index: 1, function: { arguments: 'other call' } }] }));
    reader.push(args('2}'));
    reader.push(chunk({}, 'stop'));
    expect(reader.finish()).toMatchObject({ text: '{"a":2}', ending: 'complete', tokensIn: null });
  });

  it('ends truncated on finish_reason length, refused on a refusal or the content filter', () => {
    const cut = openAiStreamReader('native');
    cut.push(chunk({ content: '{"a":' }, 'length'));
    expect(cut.finish().ending).toBe('truncated');

    const refusing = openAiStreamReader('native');
    refusing.push(chunk({ refusal: 'I cannot ' }));
    refusing.push(chunk({ refusal: 'help.' }, 'stop'));
    expect(refusing.finish()).toMatchObject({ ending: 'refused', refusal: 'I cannot help.' });

    const filtered = openAiStreamReader('native');
    filtered.push(chunk({}, 'content_filter'));
    expect(filtered.finish()).toMatchObject({ ending: 'refused', refusal: 'blocked by the content filter' });
  });

  it('ends incomplete when the stream stops without a finish reason', () => {
    const reader = openAiStreamReader('native');
    reader.push(chunk({ content: '{"a"' }));
    expect(reader.finish().ending).toBe('incomplete');
  });
});
