// A grounded call on the `anthropic` provider: the REAL @anthropic-ai/sdk against the Messages API mock, the
// scripted model asking for Puffin's read-only project tools: it reads a file holding a random
// token and must return it (the read happened in the project), its reads of ../ and .env are refused (the secret
// never reaches the mock), the look is bounded, and the record says what was read.
import { afterEach, describe, expect, it } from 'vitest';
import { MAX_LOOK_TURNS } from '../../src/main/engines/grounding/lookLoop';
import { ConcurrencyGate } from '../../src/main/llm/gate';
import type { SendPromptRequest } from '../../src/main/llm/promptTypes';
import { engineSendPrompt } from '../support/engineSendPrompt';
import { memoryLogger } from '../support/memorySpawner';
import { groundedProject, tokenIn, TOKEN_SCHEMA } from '../support/groundedProject';
import { startMockMessagesApi, type MockMessagesApi } from '../support/mockMessagesApi';
import type { MessagesRequestBody, MockTurn } from '../support/mockTypes';

let mock: MockMessagesApi | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

const read = (file_path: string) => ({ name: 'Read', input: { file_path } });
const answering = (body: MessagesRequestBody) =>
  body.output_config !== undefined || (body.tool_choice as { type?: string })?.type === 'tool';

async function run(
  respond: (body: MessagesRequestBody, i: number) => MockTurn,
  extra: Partial<SendPromptRequest> = {},
) {
  const project = groundedProject();
  mock = await startMockMessagesApi({ respond, isMainLoop: () => true });
  const sendPrompt = engineSendPrompt({
    locate: () => Promise.reject(new Error('the CLI is not asked')),
    gate: new ConcurrencyGate(2),
    logger: memoryLogger().logger,
    settings: () => ({}),
    env: () => ({ ANTHROPIC_API_KEY: 'sk-ant-test-0123456789abcdef' }),
    retry: { deps: { sleep: async () => {}, random: () => 0 } },
  });
  const result = sendPrompt({
    workflow: 'generatePlan',
    prompt: 'What is the token in src/token.ts?',
    schema: TOKEN_SCHEMA,
    provider: 'anthropic',
    model: 'claude-opus-4-6',
    baseUrl: mock.url,
    grounding: { root: project.root },
    ...extra,
  });
  return { project, result, mock };
}

describe('anthropic provider, grounded', () => {
  it('reads the project through its tools, returns what it read, and is refused ../ and .env', async () => {
    const { project, result, mock } = await run((body, i) => {
      if (i === 0)
        return { kind: 'message', toolCalls: [read('src/token.ts'), read('../secret.txt'), read('.env')] };
      if (!answering(body)) return { kind: 'message', text: ['done'] };
      return { kind: 'message', text: [JSON.stringify({ token: tokenIn(body.messages) ?? 'none' })] };
    });
    const r = await result;
    expect(r.data).toEqual({ token: project.token });
    expect(r.grounding).toMatchObject({ filesRead: ['src/token.ts'], toolTurns: 1, toolCalls: 3 });
    expect(r.grounding!.refused.map((x) => x.target)).toEqual(['../secret.txt', '.env']);
    expect(r.meta).toMatchObject({ provider: 'anthropic', turns: 3, tokensIn: 300, tokensOut: 126 });
    expect(JSON.stringify(mock.requests)).not.toContain(project.secret);
    const bodies = mock.mainRequests().map((q) => q.body!);
    expect(bodies[0]!.tools!.map((t) => t.name)).toEqual(['Read', 'Glob', 'Grep']);
    expect(bodies[0]!.output_config).toBeUndefined();
    // The answer: native structured output, the conversation kept, no project tool callable.
    expect(bodies[2]!.tool_choice).toEqual({ type: 'none' });
    expect(bodies[2]!.output_config).toBeDefined();
  });

  it('in tool mode answers through the forced answer tool after looking', async () => {
    const { project, result, mock } = await run(
      (body, i) => {
        if (i === 0) return { kind: 'message', toolCalls: [read('src/token.ts')] };
        if (!answering(body)) return { kind: 'message', text: ['done'] };
        return {
          kind: 'message',
          toolCalls: [{ name: 'structured_output', input: { token: tokenIn(body.messages) } }],
        };
      },
      { mode: 'tool' },
    );
    const r = await result;
    expect(r).toMatchObject({ data: { token: project.token }, source: 'tool_use' });
    const last = mock.mainRequests().at(-1)!.body!;
    expect(last.tool_choice).toEqual({ type: 'tool', name: 'structured_output' });
    expect(last.tools!.map((t) => t.name)).toEqual(['Read', 'Glob', 'Grep', 'structured_output']);
  });

  it('is bounded: a model that keeps looking is asked for the answer after the last look turn', async () => {
    const { result, mock } = await run((body) =>
      answering(body)
        ? { kind: 'message', text: ['{"token":"late"}'] }
        : { kind: 'message', toolCalls: [{ name: 'Glob', input: { pattern: '**/*.ts' } }] },
    );
    const r = await result;
    expect(r.data).toEqual({ token: 'late' });
    expect(mock.mainRequests()).toHaveLength(MAX_LOOK_TURNS + 1);
    expect(r.grounding).toMatchObject({ toolTurns: MAX_LOOK_TURNS });
    expect(r.warnings.join(' ')).toMatch(/still looking/);
  });

  it('a model that still calls a project tool instead of answering ends typed', async () => {
    const { result, mock } = await run(() => ({ kind: 'message', toolCalls: [read('README.md')] }));
    await expect(result).rejects.toMatchObject({ code: 'no_structured_output' });
    expect(mock.mainRequests().length).toBeGreaterThan(MAX_LOOK_TURNS);
  });
});
