// Conversation turns on the API engines, through each engine's official client against its loopback mock: a
// schema-invalid answer is asked again with the validation errors (within the call's one retry budget), and a
// request's history (a modify or refine round) goes first as the engine's own messages.
import { afterEach, describe, expect, it } from 'vitest';
import type { ConversationTurn } from '../../src/main/llm/conversation';
import { mockPerTest } from '../support/llmMockTest';
import { answer, type LlmMockTurn } from '../support/mockLlmTypes';
import { startMockGeminiApi } from '../support/mockGeminiApi';
import type { LlmMock } from '../support/mockLlmServer';
import { startMockMessagesApi, type MockMessagesApi } from '../support/mockMessagesApi';
import { startMockOllamaApi } from '../support/mockOllamaApi';
import { startMockOpenAiApi } from '../support/mockOpenAiApi';
import type { MockTurn } from '../support/mockTypes';
import { apiWorld, story } from './apiWorld';

const slot = mockPerTest();
const PROMPT = 'Split the feature into stories.';
const BAD = { stories: [{ ...story('Zero'), points: 0 }] };
const GOOD = { stories: [story('Sign in')] };

type Turns = (body: unknown) => ConversationTurn[];
const chatTurns: Turns = (body) => (body as { messages: ConversationTurn[] }).messages;
const geminiTurns: Turns = (body) =>
  (body as { contents: { role: string; parts: { text: string }[] }[] }).contents.map((c) => ({
    role: c.role === 'model' ? 'assistant' : 'user',
    content: c.parts.map((p) => p.text).join(''),
  }));

interface Engine {
  provider: 'openai' | 'ollama' | 'gemini';
  model: string;
  env: NodeJS.ProcessEnv;
  start: (script: LlmMockTurn[]) => Promise<LlmMock>;
  turns: Turns;
}

const ENGINES: Engine[] = [
  {
    provider: 'openai',
    model: 'gpt-4o-mini',
    env: { OPENAI_API_KEY: 'sk-test-0123456789abcdef' },
    start: (script) => startMockOpenAiApi({ apiKey: 'sk-test-0123456789abcdef', script }),
    turns: chatTurns,
  },
  {
    provider: 'ollama',
    model: 'llama3.2:latest',
    env: {},
    start: (script) => startMockOllamaApi({ script }),
    turns: chatTurns,
  },
  {
    provider: 'gemini',
    model: 'gemini-2.5-flash',
    env: { GEMINI_API_KEY: 'AIzaSyTest-0123456789' },
    start: (script) => startMockGeminiApi({ apiKey: 'AIzaSyTest-0123456789', script }),
    turns: geminiTurns,
  },
];

describe.each(ENGINES)('$provider: a schema-invalid answer is retried with its errors', (engine) => {
  async function world(script: LlmMockTurn[]) {
    const mock = slot.use(await engine.start(script));
    const w = apiWorld(engine.env);
    const call = { provider: engine.provider, model: engine.model, baseUrl: mock.url, prompt: PROMPT };
    return { mock, ...w, call };
  }

  it('invalid, then valid: the call succeeds and the second request carries the answer and its errors', async () => {
    const w = await world([answer(BAD), answer(GOOD)]);
    const result = await w.send(w.call);
    expect(result.data).toEqual(GOOD);
    const [first, second] = w.mock.modelCalls().map((c) => engine.turns(c.body));
    expect(first).toEqual([{ role: 'user', content: PROMPT }]);
    expect(second).toHaveLength(3);
    expect(second![0]).toEqual({ role: 'user', content: PROMPT });
    expect(second![1]!.role).toBe('assistant');
    expect(JSON.parse(second![1]!.content)).toEqual(BAD);
    expect(second![2]!.role).toBe('user');
    expect(second![2]!.content).toMatch(/does not match the required JSON schema/);
    expect(second![2]!.content).toMatch(/\/stories\/0\/points.*>= 1/);
    expect(w.retries).toEqual([
      expect.objectContaining({ code: 'validation_failed', attempt: 1, delayMs: 0 }),
    ]);
  });

  it('a modify round: the previous answer is the assistant turn between the original request and the feedback', async () => {
    const w = await world([answer(GOOD)]);
    const history: ConversationTurn[] = [
      { role: 'user', content: 'Original request' },
      { role: 'assistant', content: JSON.stringify(BAD) },
    ];
    await w.send({ ...w.call, prompt: 'Make it bigger', history });
    expect(engine.turns(w.mock.modelCalls()[0]!.body)).toEqual([
      ...history,
      { role: 'user', content: 'Make it bigger' },
    ]);
  });

  it('always invalid: validation_failed after three requests, the errors kept', async () => {
    const w = await world([answer(BAD), answer(BAD), answer(BAD), answer(GOOD)]);
    const error = await w.failure(w.call);
    expect(error.code).toBe('validation_failed');
    expect(error.diagnostics.validationErrors).toEqual([expect.stringMatching(/points/)]);
    expect(error.diagnostics.attempts).toBe(3);
    expect(w.mock.modelCalls()).toHaveLength(3);
  });
});

describe('anthropic: a schema-invalid answer is retried with its errors', () => {
  let mock: MockMessagesApi | undefined;
  afterEach(async () => {
    await mock?.close();
    mock = undefined;
  });
  const json = (value: unknown): MockTurn => ({ kind: 'message', text: [JSON.stringify(value)] });

  async function world(script: MockTurn[]) {
    mock = await startMockMessagesApi({ script, isMainLoop: () => true });
    const w = apiWorld({ ANTHROPIC_API_KEY: 'sk-ant-test-0123456789abcdef' });
    const call = {
      provider: 'anthropic' as const,
      model: 'claude-sonnet-4-5',
      baseUrl: mock.url,
      prompt: PROMPT,
    };
    return { ...w, mock, call };
  }

  it('invalid, then valid: the second request replays the answer as the assistant turn, then the errors', async () => {
    const w = await world([json(BAD), json(GOOD)]);
    expect((await w.send(w.call)).data).toEqual(GOOD);
    const requests = w.mock.mainRequests();
    expect(requests).toHaveLength(2);
    const messages = requests[1]!.body!.messages;
    expect(messages.map((m) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.parse(messages[1]!.content as string)).toEqual(BAD);
    expect(messages[2]!.content).toMatch(/\/stories\/0\/points.*>= 1/);
  });

  it('a refine round: history first, then the prompt, as messages', async () => {
    const w = await world([json(GOOD)]);
    const history: ConversationTurn[] = [
      { role: 'user', content: 'Original request' },
      { role: 'assistant', content: JSON.stringify(BAD) },
    ];
    await w.send({ ...w.call, prompt: 'Make it bigger', history });
    expect(w.mock.mainRequests()[0]!.body!.messages).toEqual([
      ...history,
      { role: 'user', content: 'Make it bigger' },
    ]);
  });

  it('tool mode too; always invalid ends in validation_failed after the bounded attempts', async () => {
    const tool = (value: unknown): MockTurn => ({
      kind: 'message',
      toolCalls: [{ name: 'structured_output', input: value }],
    });
    const w = await world([tool(BAD), tool(BAD), tool(BAD), tool(GOOD)]);
    const error = await w.failure({ ...w.call, mode: 'tool' });
    expect(error.code).toBe('validation_failed');
    expect(w.mock.mainRequests()).toHaveLength(3);
  });
});
