// The raw lines of an HTTP engine's stream: serialised for History and the activity view when they listen, never
// when only the live preview does; a failure still reports the newest chunks.
import { describe, expect, it } from 'vitest';
import { PromptError } from '../llm/errors';
import { runApiAttempt, type ApiRun } from './apiAttempt';
import type { AttemptContext, EngineEvent } from './provider';

type Chunk = { text: string; done?: true };

function run(chunks: Chunk[]): ApiRun<Chunk> {
  return {
    provider: 'openai',
    model: 'm',
    mode: 'native',
    baseUrl: 'http://127.0.0.1:1',
    warnings: [],
    httpFailure: () => undefined,
    open: async () =>
      (async function* () {
        yield* chunks;
      })(),
    reader: () => {
      let text = '';
      let done = false;
      return {
        push: (c: Chunk) => {
          done ||= c.done === true;
          text += c.text;
          return c.text;
        },
        finish: () => ({ text, ending: done ? 'complete' : 'incomplete', tokensIn: 1, tokensOut: 1 }),
      };
    },
  };
}

function context(activity: boolean | undefined, events: EngineEvent[]): AttemptContext {
  return {
    attempt: 1,
    lease: { onKill: () => () => {} } as unknown as AttemptContext['lease'],
    timeoutMs: 60_000,
    callTimeoutMs: 60_000,
    emit: (e) => events.push(e),
    ...(activity === undefined ? {} : { activity }),
  };
}

const answer: Chunk[] = [{ text: '{"a":' }, { text: '1}', done: true }];

describe('runApiAttempt raw lines', () => {
  it('emits each chunk as a raw line when the activity listens', async () => {
    const events: EngineEvent[] = [];
    await runApiAttempt(run(answer), context(undefined, events));
    expect(events.filter((e) => e.type === 'raw').map((e) => e.type === 'raw' && e.line)).toEqual(
      answer.map((c) => JSON.stringify(c)),
    );
  });

  it('emits none when only the preview listens, and a failure still carries the newest chunks', async () => {
    const events: EngineEvent[] = [];
    expect((await runApiAttempt(run(answer), context(false, events))).data).toEqual({ a: 1 });
    expect(events.some((e) => e.type === 'raw')).toBe(false);
    const cut: Chunk[] = [{ text: '{"a":' }];
    const error: unknown = await runApiAttempt(run(cut), context(false, [])).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PromptError);
    expect((error as PromptError).diagnostics?.rawLines).toEqual([JSON.stringify(cut[0])]);
  });
});
