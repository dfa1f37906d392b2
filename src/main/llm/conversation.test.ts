// The neutral turns of a call: what API engines send as messages, and the one text the CLI gets instead.
import { describe, expect, it } from 'vitest';
import { renderTurns, turnsOf, validationFeedback } from './conversation';

const history = [
  { role: 'user' as const, content: 'Name a person.' },
  { role: 'assistant' as const, content: '{"name":"Ada"}' },
];

describe('conversation turns', () => {
  it('orders history, the prompt, then the feedback of a retry', () => {
    const feedback = validationFeedback({ name: 1 }, ['/name: must be string']);
    expect(turnsOf(history, 'Another one.', feedback)).toEqual([
      ...history,
      { role: 'user', content: 'Another one.' },
      { role: 'assistant', content: '{"name":1}' },
      { role: 'user', content: expect.stringContaining('- /name: must be string') as unknown },
    ]);
    expect(turnsOf(undefined, 'Only this.')).toEqual([{ role: 'user', content: 'Only this.' }]);
  });

  it('renders history as text for a one-input engine, and leaves a prompt without history as it is', () => {
    expect(renderTurns(undefined, 'Who?')).toBe('Who?');
    expect(renderTurns([], 'Who?')).toBe('Who?');
    const text = renderTurns(history, 'Another one.');
    expect(text.indexOf('Name a person.')).toBeLessThan(text.indexOf('{"name":"Ada"}'));
    expect(text.indexOf('{"name":"Ada"}')).toBeLessThan(text.indexOf('Another one.'));
    expect(text).toMatch(/You answered\n```json\n\{"name":"Ada"\}\n```/);
  });
});
