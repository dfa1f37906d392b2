import { describe, expect, it } from 'vitest';
import { PromptError } from '../../llm/errors';
import type { EngineEvent } from '../provider';
import { lookAround, type LookAdapter, type LookTurn, type ToolCallRequest } from './lookLoop';
import type { ProjectTools } from './projectTools';

function fakeTools(): ProjectTools & { executed: string[] } {
  const executed: string[] = [];
  let turns = 0;
  return {
    executed,
    definitions: [],
    execute: async (name, input) => {
      executed.push(`${name} ${JSON.stringify(input)}`);
      return { content: `ran ${name}`, isError: false };
    },
    countTurn: () => void turns++,
    record: () => ({
      filesRead: [],
      searches: [],
      refused: [],
      violations: [],
      toolTurns: turns,
      toolCalls: 0,
    }),
  };
}

function scripted(turns: ToolCallRequest[][]): LookAdapter & { added: string[][] } {
  const added: string[][] = [];
  let i = 0;
  return {
    added,
    turn: async (): Promise<LookTurn> => ({
      calls: turns[i++] ?? [],
      tokensIn: 10,
      tokensOut: 2,
      raw: `turn ${i}`,
    }),
    addResults: (results) => void added.push(results.map((r) => r.content)),
    failure: (error) => new PromptError('api_error', { detail: String(error) }),
  };
}

const read = (id: string): ToolCallRequest => ({ id, name: 'Read', input: { file_path: `${id}.ts` } });

describe('lookAround', () => {
  it('runs every call of each turn, gives the results back, and stops when the model stops calling', async () => {
    const tools = fakeTools();
    const adapter = scripted([[read('a'), read('b')], [read('c')]]);
    const events: EngineEvent[] = [];
    const look = await lookAround(adapter, tools, { timeoutMs: 5000, emit: (e) => events.push(e) });
    expect(look).toEqual({ turns: 3, tokensIn: 30, tokensOut: 6, exhausted: false });
    expect(tools.executed).toEqual([
      'Read {"file_path":"a.ts"}',
      'Read {"file_path":"b.ts"}',
      'Read {"file_path":"c.ts"}',
    ]);
    expect(adapter.added).toEqual([['ran Read', 'ran Read'], ['ran Read']]);
    expect(tools.record().toolTurns).toBe(2);
    expect(events.filter((e) => e.type === 'tool')).toEqual([
      { type: 'tool', name: 'Read', target: 'a.ts' },
      { type: 'tool', name: 'Read', target: 'b.ts' },
      { type: 'tool', name: 'Read', target: 'c.ts' },
    ]);
  });

  it('is bounded: a model that keeps calling tools gets at most maxTurns turns', async () => {
    const tools = fakeTools();
    const adapter = scripted(Array.from({ length: 50 }, (_, i) => [read(`f${i}`)]));
    const look = await lookAround(adapter, tools, { timeoutMs: 5000, emit: () => undefined }, 4);
    expect(look).toMatchObject({ turns: 4, exhausted: true });
    expect(tools.executed).toHaveLength(4);
  });

  it('ends typed when the caller cancels, without another turn', async () => {
    const cancel = new AbortController();
    const tools = fakeTools();
    const adapter = scripted([[read('a')], [read('b')]]);
    const turn = adapter.turn;
    adapter.turn = async (signal) => {
      cancel.abort();
      return turn(signal);
    };
    await expect(
      lookAround(adapter, tools, { timeoutMs: 5000, signal: cancel.signal, emit: () => undefined }),
    ).rejects.toMatchObject({ code: 'cancelled' });
    expect(adapter.added).toEqual([]);
  });
});
