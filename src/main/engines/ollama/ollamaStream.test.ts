import type { ChatResponse } from 'ollama';
import { describe, expect, it } from 'vitest';
import { ollamaStreamReader } from './ollamaStream';

const line = (content: string, done?: { reason: string; input: number; output: number }): ChatResponse =>
  ({
    model: 'llama3.2',
    created_at: new Date(0),
    message: { role: 'assistant', content },
    done: done !== undefined,
    ...(done ? { done_reason: done.reason, prompt_eval_count: done.input, eval_count: done.output } : {}),
  }) as ChatResponse;

describe('ollamaStreamReader', () => {
  it('returns message.content fragments and takes the counts from the done line', () => {
    const reader = ollamaStreamReader();
    expect(['{"a"', ':1}'].map((t) => reader.push(line(t)))).toEqual(['{"a"', ':1}']);
    reader.push(line('', { reason: 'stop', input: 12, output: 5 }));
    expect(reader.finish()).toEqual({ text: '{"a":1}', ending: 'complete', tokensIn: 12, tokensOut: 5 });
  });

  it('ends truncated on done_reason length and incomplete without a done line', () => {
    const cut = ollamaStreamReader();
    cut.push(line('{"a":'));
    cut.push(line('', { reason: 'length', input: 1, output: 2 }));
    expect(cut.finish().ending).toBe('truncated');
    const broken = ollamaStreamReader();
    broken.push(line('{"a":'));
    expect(broken.finish()).toMatchObject({ ending: 'incomplete', tokensIn: null, tokensOut: null });
  });

  it('does not take the thinking as the answer', () => {
    const reader = ollamaStreamReader();
    reader.push({ ...line(''), message: { role: 'assistant', content: '', thinking: 'hmm' } });
    expect(reader.finish().text).toBe('');
  });
});
