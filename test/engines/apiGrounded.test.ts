// Grounded calls on the openai and gemini providers: the REAL official clients against the loopback mocks, the
// scripted model asking for Puffin's read-only project tools. It reads a file holding a random
// token and must return it (the read happened in the project), its reads of ../ and .env are refused (the secret
// never reaches the mock), the look is bounded, and the record says what was read.
import { describe, expect, it } from 'vitest';
import type { ProviderName } from '../../src/main/engines/provider';
import { MAX_LOOK_TURNS } from '../../src/main/engines/grounding/lookLoop';
import { MAP_ONLY_HEADING } from '../../src/main/engines/grounding/mapOnlyPrompt';
import { groundingPromptSection } from '../../src/main/llm/grounding/groundingPrompt';
import { groundedProject, tokenIn, TOKEN_SCHEMA } from '../support/groundedProject';
import { mockPerTest } from '../support/llmMockTest';
import type { LlmMock, LlmMockOptions } from '../support/mockLlmServer';
import { answer, type LlmMockTurn } from '../support/mockLlmTypes';
import { startMockGeminiApi } from '../support/mockGeminiApi';
import { startMockOllamaApi } from '../support/mockOllamaApi';
import { startMockOpenAiApi } from '../support/mockOpenAiApi';
import { apiWorld } from './apiWorld';

const slot = mockPerTest();

interface Engine {
  provider: ProviderName;
  model: string;
  env: NodeJS.ProcessEnv;
  start(options: LlmMockOptions): Promise<LlmMock>;
  /** Whether a request asks for the answer (native format or the forced answer tool), not for a look. */
  answering(body: Record<string, unknown>): boolean;
}

const ENGINES: Engine[] = [
  {
    provider: 'openai',
    model: 'gpt-4o-mini',
    env: { OPENAI_API_KEY: 'sk-test-0123456789abcdef' },
    start: startMockOpenAiApi,
    answering: (b) => b.response_format !== undefined || typeof b.tool_choice === 'object',
  },
  {
    provider: 'gemini',
    model: 'gemini-2.5-flash',
    env: { GEMINI_API_KEY: 'AIza-test-0123456789abcdef' },
    start: startMockGeminiApi,
    answering: (b) => {
      const generation = b.generationConfig as { responseMimeType?: string } | undefined;
      const calling = (b.toolConfig as { functionCallingConfig?: { mode?: string } } | undefined)
        ?.functionCallingConfig;
      return generation?.responseMimeType !== undefined || calling?.mode === 'ANY';
    },
  },
];

const read = (file_path: string) => ({ name: 'Read', args: { file_path } });

async function world(engine: Engine, respond: (body: Record<string, unknown>, i: number) => LlmMockTurn) {
  const project = groundedProject();
  const mock = slot.use(await engine.start({ respond: (b, i) => respond(b as Record<string, unknown>, i) }));
  const w = apiWorld(engine.env);
  const call = (mode: 'auto' | 'tool' = 'auto') =>
    w.send({
      provider: engine.provider,
      model: engine.model,
      baseUrl: mock.url,
      mode,
      schema: TOKEN_SCHEMA,
      workflow: 'generatePlan',
      prompt: 'What is the token in src/token.ts?',
      grounding: { root: project.root },
    });
  return { project, mock, call, ...w };
}

describe.each(ENGINES)('$provider provider, grounded', (engine) => {
  it('reads the project through its tools, returns what it read, and is refused ../ and .env', async () => {
    const w = await world(engine, (body, i) => {
      if (i === 0)
        return { kind: 'tools', calls: [read('src/token.ts'), read('../secret.txt'), read('.env')] };
      if (!engine.answering(body)) return answer('done');
      return answer({ token: tokenIn(body) ?? 'none' });
    });
    const r = await w.call();
    expect(r.data).toEqual({ token: w.project.token });
    expect(r.grounding).toMatchObject({ filesRead: ['src/token.ts'], toolTurns: 1, toolCalls: 3 });
    expect(r.grounding!.refused.map((x) => x.target)).toEqual(['../secret.txt', '.env']);
    expect(r.meta).toMatchObject({ provider: engine.provider, turns: 3, tokensIn: 126, tokensOut: 51 });
    expect(JSON.stringify(w.mock.requests)).not.toContain(w.project.secret);
    expect(w.events.filter((e) => e.type === 'tool').map((e) => e.type === 'tool' && e.target)).toEqual([
      'src/token.ts',
      '../secret.txt',
      '.env',
    ]);
    expect(w.mock.modelCalls()).toHaveLength(3);
  });

  it('in tool mode answers through the forced answer tool after looking', async () => {
    const w = await world(engine, (body, i) => {
      if (i === 0) return { kind: 'tools', calls: [read('src/token.ts')] };
      if (!engine.answering(body)) return answer('done');
      return answer({ token: tokenIn(body) ?? 'none' });
    });
    const r = await w.call('tool');
    expect(r).toMatchObject({ data: { token: w.project.token }, source: 'tool_use' });
  });

  it('is bounded: a model that keeps looking is asked for the answer after the last look turn', async () => {
    const w = await world(engine, (body) =>
      engine.answering(body) ? answer({ token: 'late' }) : { kind: 'tools', calls: [read('README.md')] },
    );
    const r = await w.call();
    expect(r.data).toEqual({ token: 'late' });
    expect(w.mock.modelCalls()).toHaveLength(MAX_LOOK_TURNS + 1);
    expect(r.grounding).toMatchObject({ toolTurns: MAX_LOOK_TURNS, filesRead: ['README.md'] });
    expect(r.warnings.join(' ')).toMatch(/still looking/);
  });
});

/** A grounded plan call as a workflow sends it: the tools section appended last (workflows/call.ts). */
const mapCall = (
  env: NodeJS.ProcessEnv,
  provider: ProviderName,
  model: string,
  baseUrl: string,
  root: string,
) =>
  apiWorld(env).send({
    provider,
    model,
    baseUrl,
    schema: TOKEN_SCHEMA,
    workflow: 'generatePlan',
    prompt: `Which file holds the token?\n\n${groundingPromptSection()}`,
    grounding: { root },
  });

describe('ollama provider, grounded', () => {
  it('gets the repo map in its prompt instead of tools, and says it read no files', async () => {
    const project = groundedProject();
    const mock = slot.use(await startMockOllamaApi({ script: [answer({ token: 'from the map' })] }));
    const r = await mapCall({}, 'ollama', 'llama3.2', mock.url, project.root);
    expect(r.data).toEqual({ token: 'from the map' });
    expect(r.grounding).toMatchObject({ filesRead: [], toolCalls: 0 });
    const body = mock.modelCalls()[0]!.body as { messages: { content: string }[]; tools?: unknown };
    const sent = body.messages[0]!.content;
    expect(sent).toContain('Which file holds the token?');
    expect(sent).toContain(MAP_ONLY_HEADING);
    expect(sent).toMatch(/token\.ts [^\n]*TOKEN/);
    expect(sent).not.toContain('.env');
    expect(sent).not.toContain('Glob finds files');
    expect(body.tools).toBeUndefined();
    expect(JSON.stringify(mock.requests)).not.toContain(project.secret);
  });
});

describe('openai provider, grounded, on a server without tool calling', () => {
  it('answers from the repo map when the server refuses tools, and says so', async () => {
    const project = groundedProject();
    const refusal = 'registry.ollama.ai/library/gemma:2b does not support tools';
    const mock = slot.use(
      await startMockOpenAiApi({
        script: [{ kind: 'error', status: 400, message: refusal }, answer({ token: 'mapped' })],
      }),
    );
    const key = { OPENAI_API_KEY: 'sk-test-0123456789abcdef' };
    const r = await mapCall(key, 'openai', 'gemma:2b', mock.url, project.root);
    expect(r.data).toEqual({ token: 'mapped' });
    expect(r.grounding).toMatchObject({ filesRead: [], toolCalls: 0 });
    expect(r.warnings.join(' ')).toMatch(/cannot call tools on this server/);
    const [look, final] = mock
      .modelCalls()
      .map((c) => c.body as { tools?: unknown; messages: { content: string }[] });
    expect(look!.tools).toBeDefined();
    expect(final!.tools).toBeUndefined();
    expect(final!.messages[0]!.content).toContain(MAP_ONLY_HEADING);
    expect(final!.messages[0]!.content).toMatch(/token\.ts [^\n]*TOKEN/);
  });
});
