import { describe, expect, it } from 'vitest';
import { PromptError } from '../llm/errors';
import { runApiAttempt, type ApiRun } from './apiAttempt';
import type { AttemptContext, EngineEvent } from './provider';
import type { StreamReader } from './streamedAnswer';

type Chunk = { text?: string; done?: true };

/** A stream that sends `chunks`, then stays open until the request is aborted (as a client library does). */
function run(chunks: Chunk[], { ends = false } = {}): ApiRun<Chunk> {
  return {
    provider: 'openai',
    model: 'm',
    mode: 'native',
    baseUrl: 'http://127.0.0.1:1',
    warnings: [],
    httpFailure: () => undefined,
    open: async (signal) =>
      (async function* () {
        for (const c of chunks) yield c;
        if (ends) return;
        await new Promise((_, reject) => {
          const stop = () => reject(new DOMException('aborted', 'AbortError'));
          if (signal.aborted) stop();
          else signal.addEventListener('abort', stop);
        });
      })(),
    reader: (): StreamReader<Chunk> => {
      let text = '';
      let done = false;
      return {
        push: (c) => {
          if (c.done) done = true;
          text += c.text ?? '';
          return c.text ?? '';
        },
        finish: () => ({ text, ending: done ? 'complete' : 'incomplete', tokensIn: 1, tokensOut: 1 }),
      };
    },
  };
}

function context(controller: AbortController, onPartial: (text: string) => void): AttemptContext {
  return {
    attempt: 1,
    lease: { onKill: () => () => {} } as unknown as AttemptContext['lease'],
    timeoutMs: 60_000,
    callTimeoutMs: 60_000,
    signal: controller.signal,
    emit: (e) => {
      if (e.type === 'partial') onPartial(e.text);
    },
  };
}

describe('runApiAttempt stopped by a cancel', () => {
  it('keeps an answer that was complete (paid for) when the cancel lands before the stream closed', async () => {
    const controller = new AbortController();
    let text = '';
    const answer = await runApiAttempt(
      run([{ text: '{"a":' }, { text: '1}', done: true }]),
      context(controller, (part) => (text += part) === '{"a":1}' && controller.abort()),
    );
    expect(answer.data).toEqual({ a: 1 });
  });

  it('reports cancelled when the answer had not finished', async () => {
    const controller = new AbortController();
    const failure = await runApiAttempt(
      run([{ text: '{"a":' }]),
      context(controller, () => controller.abort()),
    ).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(PromptError);
    expect((failure as PromptError).code).toBe('cancelled');
  });

  it('stops when the gate kills every call (Puffin quitting), as the CLI and the anthropic engine do', async () => {
    const controller = new AbortController();
    let killAll: (() => void) | undefined;
    const ctx: AttemptContext = {
      ...context(controller, () => killAll?.()),
      lease: {
        onKill: (fn: () => void) => {
          killAll = fn;
          return () => (killAll = undefined);
        },
      } as unknown as AttemptContext['lease'],
    };
    const failure = await runApiAttempt(run([{ text: '{"a":' }]), ctx).catch((e: unknown) => e);
    expect((failure as PromptError).code).toBe('cancelled');
    expect(killAll).toBeUndefined(); // unregistered when the attempt ended
  });
});

/** A context that records every event, with the activity listening or not (`activity: false`: the preview only). */
function recording(events: EngineEvent[], activity?: boolean): AttemptContext {
  return {
    ...context(new AbortController(), () => {}),
    emit: (e) => events.push(e),
    ...(activity === undefined ? {} : { activity }),
  };
}

const answer: Chunk[] = [{ text: '{"a":' }, { text: '1}', done: true }];

describe('runApiAttempt raw lines', () => {
  it('emits each chunk as a raw line when the activity listens', async () => {
    const events: EngineEvent[] = [];
    await runApiAttempt(run(answer, { ends: true }), recording(events));
    expect(events.flatMap((e) => (e.type === 'raw' ? [e.line] : []))).toEqual(
      answer.map((c) => JSON.stringify(c)),
    );
  });

  it('emits none when only the preview listens, and a failure still carries the newest chunks', async () => {
    const events: EngineEvent[] = [];
    expect((await runApiAttempt(run(answer, { ends: true }), recording(events, false))).data).toEqual({
      a: 1,
    });
    expect(events.some((e) => e.type === 'raw')).toBe(false);
    const cut: Chunk[] = [{ text: '{"a":' }];
    const error: unknown = await runApiAttempt(run(cut, { ends: true }), recording([], false)).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PromptError);
    expect((error as PromptError).diagnostics?.rawLines).toEqual([JSON.stringify(cut[0])]);
  });
});
