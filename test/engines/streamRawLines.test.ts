// A long answer over the API engines as History records it: every chunk the server streamed is a raw line in
// History's recorder, in order, while the live preview (its fragments joined per turn of the event loop) still
// shows the stories before the call ends; with only the preview listening the engine makes no raw line.
import { describe, expect, it } from 'vitest';
import { createAnthropicProvider } from '../../src/main/engines/anthropic/provider';
import { ConcurrencyGate } from '../../src/main/llm/gate';
import { DEFAULT_RETRY_POLICY } from '../../src/main/llm/retry';
import type { SendPromptRequest } from '../../src/main/llm/promptTypes';
import type { EngineEvent } from '../../src/main/engines/provider';
import { RawLineRecorder } from '../../src/main/services/rawLineRecorder';
import { memoryLogger } from '../support/memoryLogger';
import { engineSendPrompt } from '../support/engineSendPrompt';
import { mockPerTest } from '../support/llmMockTest';
import { answer } from '../support/mockLlmTypes';
import { startMockMessagesApi } from '../support/mockMessagesApi';
import { startMockOpenAiApi } from '../support/mockOpenAiApi';
import { STORIES_SCHEMA, story } from './apiWorld';

const slot = mockPerTest();
const ENV = { OPENAI_API_KEY: 'sk-test-0123456789abcdef', ANTHROPIC_API_KEY: 'sk-ant-test-0123456789abcdef' };
const REPLY = { stories: [story('Sign in'), story('Sign out', 2), story('Reset password', 5)] };
const TEXT = JSON.stringify(REPLY);

const sendPrompt = engineSendPrompt({
  locate: () => Promise.reject(new Error('no CLI in API tests')),
  gate: new ConcurrencyGate(2),
  logger: memoryLogger().logger,
  settings: () => ({}),
  env: () => ENV,
});

/** A call with History's recorder on its engine events, as historyRecorder.ts wires it, and the preview. */
async function call(req: Pick<SendPromptRequest, 'provider' | 'model' | 'baseUrl'>) {
  const written: string[] = [];
  const recorder = new RawLineRecorder((text) => {
    for (const piece of text) written.push(typeof piece === 'string' ? piece : Buffer.from(piece).toString());
  });
  const events: EngineEvent[] = [];
  const itemsBeforeEnd: string[] = [];
  let finished = false;
  const result = await sendPrompt({
    workflow: 'deriveStories',
    prompt: 'Split the feature into stories.',
    schema: STORIES_SCHEMA,
    ...req,
    preview: (e) => {
      if (e.type === 'item' && !finished) itemsBeforeEnd.push((e.value as { title: string }).title);
    },
    onEngineEvent: (e) => {
      events.push(e);
      recorder.take(e);
      if (e.type === 'phase' && e.phase === 'finished') finished = true;
    },
  });
  for (const piece of recorder.rest()) written.push(String(piece));
  const lines = written
    .join('')
    .split('\n')
    .filter((l) => l !== '');
  return { result, lines, events, itemsBeforeEnd };
}

describe('API engines: raw lines for History and the preview on a long stream', () => {
  it('openai: one raw line per streamed chunk, in order, and the preview before the end', async () => {
    const mock = slot.use(
      await startMockOpenAiApi({ apiKey: ENV.OPENAI_API_KEY, script: [answer(TEXT, { chunkSize: 3 })] }),
    );
    const { result, lines, itemsBeforeEnd } = await call({
      provider: 'openai',
      model: 'gpt-4o-mini',
      baseUrl: mock.url,
    });
    expect(result.data).toEqual(REPLY);
    // The delta of every chunk History kept, joined: the whole answer, nothing lost or out of order.
    const deltas = lines.map((l) => {
      const chunk = JSON.parse(l) as { choices: { delta?: { content?: string } }[] };
      return chunk.choices[0]?.delta?.content ?? '';
    });
    expect(deltas.join('')).toBe(TEXT);
    expect(deltas.filter((d) => d !== '').length).toBe(Math.ceil(TEXT.length / 3));
    expect(itemsBeforeEnd).toEqual(['Sign in', 'Sign out', 'Reset password']);
  });

  it('anthropic: every SSE event a raw line with History on, none with the preview alone', async () => {
    const mock = await startMockMessagesApi({
      isMainLoop: () => true,
      respond: () => ({ kind: 'message', text: [TEXT], stopReason: 'end_turn' }),
    });
    try {
      const req = { provider: 'anthropic', model: 'claude-sonnet-4-5', baseUrl: mock.url } as const;
      const kept = await call(req);
      expect(kept.result.data).toEqual(REPLY);
      const types = kept.lines.map((l) => (JSON.parse(l) as { type: string }).type);
      expect(types[0]).toBe('message_start');
      expect(types.at(-1)).toBe('message_stop');
      const text = kept.lines
        .map((l) => JSON.parse(l) as { type: string; delta?: { text?: string } })
        .map((e) => (e.type === 'content_block_delta' ? (e.delta?.text ?? '') : ''))
        .join('');
      expect(text).toBe(TEXT);
      expect(kept.itemsBeforeEnd).toEqual(['Sign in', 'Sign out', 'Reset password']);

      // The preview alone: the provider is told no one reads the activity, and makes no raw line.
      const provider = createAnthropicProvider({
        logger: memoryLogger().logger,
        env: () => ENV,
        retryPolicy: DEFAULT_RETRY_POLICY,
      });
      const request: SendPromptRequest = {
        workflow: 'deriveStories',
        prompt: 'Split the feature into stories.',
        schema: STORIES_SCHEMA,
        preview: () => {},
      };
      const prepared = await provider.prepare({
        request,
        schema: { schema: STORIES_SCHEMA },
        model: req.model,
        mode: 'auto',
        baseUrl: mock.url,
      });
      const events: EngineEvent[] = [];
      const alone = await new ConcurrencyGate(1).run((lease) =>
        prepared.attempt({
          attempt: 1,
          lease,
          timeoutMs: 30_000,
          callTimeoutMs: 30_000,
          emit: (e) => events.push(e),
          activity: false,
        }),
      );
      expect(alone.data).toEqual(REPLY);
      expect(events.some((e) => e.type === 'raw' || e.type === 'rawLines')).toBe(false);
      expect(events.flatMap((e) => (e.type === 'partial' ? [e.text] : [])).join('')).toBe(TEXT);
    } finally {
      await mock.close();
    }
  });
});
