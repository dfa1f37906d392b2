// runApiAttempt reading a long stream: the live preview gets the answer while it streams (joined per turn of the
// event loop, nothing lost or reordered), and each chunk is serialised as a raw line only for whoever reads raw
// lines (History, the activity), once.
import { describe, expect, it } from 'vitest';
import { PromptError } from '../llm/errors';
import { runApiAttempt, type ApiRun } from './apiAttempt';
import type { AttemptContext, EngineEvent } from './provider';
import type { StreamReader } from './streamedAnswer';

/** A chunk as a client parsed it; `toJSON` counts how often it is serialised again. */
interface Chunk {
  text: string;
  done?: true;
  toJSON(): unknown;
}

/** A step of the scripted stream: a chunk, or a wait for the test's signal before the next chunks. */
type Step = Chunk | Promise<void>;

function counter() {
  const count = { serialised: 0 };
  const chunk = (text: string, done?: true): Chunk => ({
    text,
    ...(done ? { done } : {}),
    toJSON() {
      count.serialised++;
      return done ? { text, done } : { text };
    },
  });
  return { count, chunk };
}

function run(steps: Step[]): ApiRun<Chunk> {
  return {
    provider: 'openai',
    model: 'm',
    mode: 'native',
    baseUrl: 'http://127.0.0.1:1',
    warnings: [],
    httpFailure: () => undefined,
    open: async () =>
      (async function* () {
        for (const step of steps) {
          if (step instanceof Promise) await step;
          else yield step;
        }
      })(),
    reader: (): StreamReader<Chunk> => {
      let text = '';
      let done = false;
      return {
        push: (c) => {
          if (c.done) done = true;
          text += c.text;
          return c.text;
        },
        finish: () => ({ text, ending: done ? 'complete' : 'incomplete', tokensIn: 1, tokensOut: 1 }),
      };
    },
  };
}

function context(emit: (e: EngineEvent) => void, activity: boolean): AttemptContext {
  return {
    attempt: 1,
    lease: { onKill: () => () => {} } as unknown as AttemptContext['lease'],
    timeoutMs: 60_000,
    callTimeoutMs: 60_000,
    emit,
    activity,
  };
}

/** `{"items":[0,1,…]}` cut into one chunk per item. */
function answerChunks(chunk: (text: string, done?: true) => Chunk, items: number): Chunk[] {
  const texts = ['{"items":['];
  for (let i = 0; i < items; i++) texts.push(`${i === 0 ? '' : ','}${i}`);
  texts.push(']}');
  return texts.map((t, i) => chunk(t, i === texts.length - 1 ? true : undefined));
}

const partialText = (events: EngineEvent[]) =>
  events.flatMap((e) => (e.type === 'partial' ? [e.text] : [])).join('');

describe('runApiAttempt on a long stream', () => {
  it('passes the answer to the preview while it streams, joined, nothing lost or reordered', async () => {
    const { chunk } = counter();
    const first = answerChunks(chunk, 300);
    const rest = first.splice(150);
    let previewed!: () => void;
    const seen = new Promise<void>((resolve) => (previewed = resolve));
    const events: EngineEvent[] = [];
    // The stream goes on only once the preview has had its first part: held to the end, it would never end.
    const answer = await runApiAttempt(
      run([...first, seen, ...rest]),
      context((e) => {
        events.push(e);
        if (e.type === 'partial') previewed();
      }, false),
    );
    expect(answer.data).toEqual({ items: Array.from({ length: 300 }, (_, i) => i) });
    const partials = events.filter((e) => e.type === 'partial');
    expect(partialText(events)).toBe([...first, ...rest].map((c) => c.text).join(''));
    // Before the wait: only the first half; the fragments of a turn went as one event, not one per chunk.
    expect(partials[0]!.text).toBe(first.map((c) => c.text).join(''));
    expect(partials.length).toBeLessThan(10);
    const finished = events.findIndex((e) => e.type === 'phase' && e.phase === 'finished');
    expect(events.findLastIndex((e) => e.type === 'partial')).toBeLessThan(finished);
  }, 10_000);

  it('serialises each chunk once for whoever reads raw lines, a failure reporting them included', async () => {
    const { count, chunk } = counter();
    const chunks = answerChunks(chunk, 120).slice(0, -1); // the stream stops before the answer ends
    const events: EngineEvent[] = [];
    const error: unknown = await runApiAttempt(
      run(chunks),
      context((e) => events.push(e), true),
    ).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PromptError);
    const lines = events.flatMap((e) => (e.type === 'raw' ? [e.line] : []));
    // Every chunk, in order: the lines History keeps.
    expect(lines).toEqual(chunks.map((c) => JSON.stringify({ text: c.text })));
    expect(count.serialised).toBe(chunks.length);
    expect((error as PromptError).diagnostics.rawLines).toEqual(lines.slice(-50));
  });

  it('serialises none when only the preview listens and the answer passes, the newest 50 when it fails', async () => {
    const { count, chunk } = counter();
    const events: EngineEvent[] = [];
    const answer = await runApiAttempt(
      run(answerChunks(chunk, 120)),
      context((e) => events.push(e), false),
    );
    expect(answer.data).toMatchObject({ items: expect.any(Array) as unknown });
    expect(events.some((e) => e.type === 'raw' || e.type === 'rawLines')).toBe(false);
    expect(count.serialised).toBe(0);

    const cut = answerChunks(chunk, 120).slice(0, -1);
    const error: unknown = await runApiAttempt(
      run(cut),
      context(() => {}, false),
    ).catch((e: unknown) => e);
    expect((error as PromptError).diagnostics.rawLines).toEqual(
      cut.slice(-50).map((c) => JSON.stringify({ text: c.text })),
    );
    expect(count.serialised).toBe(50);
  });
});
