import { describe, expect, it } from 'vitest';
import { describeActivity, type CallActivity } from './activity';

const base: CallActivity = {
  callId: 'c',
  label: 'l',
  phase: 'running',
  turn: 2,
  toolCalls: 3,
  lastTool: 'Read src/app.ts',
  retry: null,
  tokensIn: 1200,
  tokensOut: 40,
  costUsd: 0.021,
  startedAt: '2026-11-24T05:00:00.000Z',
  elapsedMs: 12_400,
};

describe('describeActivity', () => {
  it('says the turn, the tool calls with the last one, tokens, cost and elapsed time', () => {
    expect(describeActivity(base)).toBe(
      'turn 2 · 3 tool calls (last: Read src/app.ts) · 1,200 tokens in, 40 out · $0.0210 · 12 s',
    );
  });

  it('says what it waits for: the engine at first, a retry with its wait', () => {
    const waiting = {
      ...base,
      phase: 'waiting' as const,
      turn: 0,
      toolCalls: 0,
      tokensIn: null,
      tokensOut: null,
    };
    expect(describeActivity({ ...waiting, costUsd: null }, 2000)).toBe('waiting for the engine · 2 s');
    const retry = { ...base, phase: 'retrying' as const, retry: { delayMs: 4500, message: 'Overloaded.' } };
    expect(describeActivity(retry)).toMatch(/^retrying in 5 s: Overloaded\. · turn 2/);
  });
});
