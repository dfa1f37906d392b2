import type { GenerateContentResponse } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { geminiStreamReader } from './geminiStream';

type Part = {
  text?: string;
  thought?: boolean;
  functionCall?: { name: string; args: Record<string, unknown> };
};
const event = (parts: Part[] | undefined, finishReason?: string, output?: number): GenerateContentResponse =>
  ({
    candidates: [
      {
        index: 0,
        ...(parts ? { content: { role: 'model', parts } } : {}),
        ...(finishReason ? { finishReason } : {}),
      },
    ],
    usageMetadata: {
      promptTokenCount: 20,
      ...(output === undefined ? {} : { candidatesTokenCount: output }),
    },
  }) as GenerateContentResponse;

describe('geminiStreamReader', () => {
  it('returns text parts (not thoughts) and takes the last usage', () => {
    const reader = geminiStreamReader('native');
    expect(reader.push(event([{ text: 'thinking…', thought: true }, { text: '{"a"' }]))).toBe('{"a"');
    expect(reader.push(event([{ text: ':1}' }], 'STOP', 6))).toBe(':1}');
    expect(reader.finish()).toEqual({ text: '{"a":1}', ending: 'complete', tokensIn: 20, tokensOut: 6 });
  });

  it("takes the forced function call's args as the answer in tool mode", () => {
    const reader = geminiStreamReader('tool');
    expect(reader.push(event([{ functionCall: { name: 'answer', args: { a: 2 } } }], 'STOP', 3))).toBe(
      '{"a":2}',
    );
    expect(reader.finish()).toMatchObject({ text: '{"a":2}', ending: 'complete' });
  });

  it('ends truncated on MAX_TOKENS, refused on SAFETY or a blocked prompt, incomplete without a finish', () => {
    const cut = geminiStreamReader('native');
    cut.push(event([{ text: '{"a":' }], 'MAX_TOKENS', 1));
    expect(cut.finish().ending).toBe('truncated');
    const unsafe = geminiStreamReader('native');
    unsafe.push(event(undefined, 'SAFETY'));
    expect(unsafe.finish()).toMatchObject({ ending: 'refused', refusal: 'blocked (SAFETY)' });
    const prompt = geminiStreamReader('native');
    prompt.push({ promptFeedback: { blockReason: 'PROHIBITED_CONTENT' } } as GenerateContentResponse);
    expect(prompt.finish()).toMatchObject({ ending: 'refused', refusal: 'blocked (PROHIBITED_CONTENT)' });
    const open = geminiStreamReader('native');
    open.push(event([{ text: '{' }]));
    expect(open.finish().ending).toBe('incomplete');
  });
});
