import type { ConverseStreamOutput } from '@aws-sdk/client-bedrock-runtime';
import { describe, expect, it } from 'vitest';
import { bedrockStreamReader } from './bedrockStream';

const text = (t: string, index = 0) =>
  ({ contentBlockDelta: { contentBlockIndex: index, delta: { text: t } } }) as ConverseStreamOutput;
const stop = (stopReason: string) => ({ messageStop: { stopReason } }) as ConverseStreamOutput;
const usage = { metadata: { usage: { inputTokens: 9, outputTokens: 4 } } } as ConverseStreamOutput;

describe('bedrockStreamReader', () => {
  it("takes the text deltas in native mode and the forced tool's input in tool mode, with the usage", () => {
    const native = bedrockStreamReader('native');
    expect(native.push(text('{"a"'))).toBe('{"a"');
    expect(native.push(text(':1}'))).toBe(':1}');
    native.push(stop('end_turn'));
    native.push(usage);
    expect(native.finish()).toEqual({ text: '{"a":1}', ending: 'complete', tokensIn: 9, tokensOut: 4 });

    const tool = bedrockStreamReader('tool');
    // A text block before the tool call (a model saying what it does) is not the answer.
    expect(tool.push(text('Calling the tool.'))).toBe('');
    tool.push({
      contentBlockStart: {
        contentBlockIndex: 1,
        start: { toolUse: { toolUseId: 't', name: 'StructuredOutput' } },
      },
    } as ConverseStreamOutput);
    expect(
      tool.push({
        contentBlockDelta: { contentBlockIndex: 1, delta: { toolUse: { input: '{"a":2}' } } },
      } as ConverseStreamOutput),
    ).toBe('{"a":2}');
    tool.push(stop('tool_use'));
    expect(tool.finish()).toMatchObject({ text: '{"a":2}', ending: 'complete' });
  });

  it('ends truncated at max_tokens, refused when filtered, without an answer when malformed, incomplete without a stop', () => {
    const ending = (reason: string | null) => {
      const reader = bedrockStreamReader('native');
      reader.push(text('{"a":'));
      if (reason) reader.push(stop(reason));
      return reader.finish();
    };
    expect(ending('max_tokens').ending).toBe('truncated');
    expect(ending('model_context_window_exceeded').ending).toBe('truncated');
    expect(ending('guardrail_intervened')).toMatchObject({
      ending: 'refused',
      refusal: 'blocked (guardrail_intervened)',
    });
    expect(ending('content_filtered').ending).toBe('refused');
    expect(ending('malformed_model_output')).toMatchObject({ ending: 'complete', text: '' });
    expect(ending(null).ending).toBe('incomplete');
  });
});
