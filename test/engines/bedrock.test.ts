// The bedrock provider end to end: sendPrompt → @aws-sdk/client-bedrock-runtime (its own credential chain, SigV4
// and event-stream decoder) → the loopback Bedrock Runtime.
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAP_ONLY_HEADING } from '../../src/main/engines/grounding/mapOnlyPrompt';
import { groundingPromptSection } from '../../src/main/llm/grounding/groundingPrompt';
import { groundedProject, TOKEN_SCHEMA } from '../support/groundedProject';
import { mockPerTest } from '../support/llmMockTest';
import { startMockBedrockApi } from '../support/mockBedrockApi';
import { answer, httpFailure, type LlmMockTurn } from '../support/mockLlmTypes';
import { scratchDir } from '../support/scratchDir';
import { apiWorld, story } from './apiWorld';

const KEY_ID = 'AKIAMOCKBEDROCK0001';
const SECRET = 'mock/secret/KEY+0123456789abcdefghij';
const MODEL = 'us.anthropic.claude-sonnet-4-5-20250929-v1:0';
const OLD_CLAUDE = 'anthropic.claude-3-5-haiku-20241022-v1:0';
const slot = mockPerTest();
const nowhere = path.join(scratchDir('puffin-bedrock-'), 'none');

/** The AWS environment the SDK's default chain reads (process.env: the SDK reads nothing else). */
const AWS_ENV = {
  AWS_ACCESS_KEY_ID: KEY_ID,
  AWS_SECRET_ACCESS_KEY: SECRET,
  AWS_REGION: 'us-east-1',
  AWS_CONFIG_FILE: nowhere,
  AWS_SHARED_CREDENTIALS_FILE: nowhere,
  AWS_EC2_METADATA_DISABLED: 'true',
};

beforeEach(() => {
  for (const [name, value] of Object.entries(AWS_ENV)) vi.stubEnv(name, value);
  for (const name of ['AWS_PROFILE', 'AWS_SESSION_TOKEN', 'AWS_BEARER_TOKEN_BEDROCK', 'AWS_DEFAULT_REGION'])
    vi.stubEnv(name, undefined);
});
afterEach(() => vi.unstubAllEnvs());

async function world(script: LlmMockTurn[]) {
  const mock = slot.use(await startMockBedrockApi({ apiKey: KEY_ID, script }));
  return { mock, ...apiWorld({ ...AWS_ENV }) };
}

interface ConverseBody {
  outputConfig?: {
    textFormat?: { type: string; structure: { jsonSchema: { schema: string; name: string } } };
  };
  toolConfig?: {
    tools: { toolSpec: { name: string; inputSchema: { json: unknown } } }[];
    toolChoice: unknown;
  };
  inferenceConfig?: { maxTokens?: number };
}
const sent = (mock: { modelCalls(): { body: unknown }[] }, i = 0) =>
  mock.modelCalls()[i]!.body as ConverseBody;

describe('bedrock provider', () => {
  it('asks Claude 4.5 for native structured output over ConverseStream, signed with the environment keys', async () => {
    const w = await world([
      answer({ stories: [story('Upload'), story('Share', 5)] }, { usage: { input: 50, output: 12 } }),
    ]);
    const result = await w.send({ provider: 'bedrock', model: MODEL, baseUrl: w.mock.url });
    expect(result).toMatchObject({
      data: { stories: [story('Upload'), story('Share', 5)] },
      source: 'structured_output',
      meta: { provider: 'bedrock', model: MODEL, mode: 'native', tokensIn: 50, tokensOut: 12 },
    });
    const call = w.mock.modelCalls()[0]!;
    expect(decodeURIComponent(call.path)).toBe(`/model/${MODEL}/converse-stream`);
    expect(call.headers.authorization).toMatch(
      new RegExp(`Credential=${KEY_ID}/\\d{8}/us-east-1/bedrock/aws4_request`),
    );
    const format = sent(w.mock).outputConfig!.textFormat!;
    expect(format.type).toBe('json_schema');
    // Shaped as Claude's native mode takes it: closed objects, no ranges or sizes (the original still holds them).
    const schema = JSON.parse(format.structure.jsonSchema.schema) as {
      properties: { stories: Record<string, unknown> };
    };
    expect(schema.properties.stories).toMatchObject({ minItems: 1, items: { additionalProperties: false } });
    expect(schema.properties.stories).not.toHaveProperty('maxItems');
    expect(sent(w.mock).toolConfig).toBeUndefined();
    expect(sent(w.mock).inferenceConfig?.maxTokens).toBe(16_000);
    // Live: the preview saw the stories as the frames came, and each event was a raw line.
    expect(w.preview.filter((e) => e.type === 'item')).toHaveLength(2);
    expect(w.events.filter((e) => e.type === 'raw').length).toBeGreaterThan(3);
  });

  it('forces the answer tool with toolChoice for a model without native structured output', async () => {
    const w = await world([answer({ stories: [story('Forced')] })]);
    const result = await w.send({ provider: 'bedrock', model: OLD_CLAUDE, baseUrl: w.mock.url });
    expect(result).toMatchObject({
      source: 'tool_use',
      meta: { mode: 'tool' },
      data: { stories: [story('Forced')] },
    });
    const body = sent(w.mock);
    expect(body.outputConfig).toBeUndefined();
    expect(body.toolConfig!.toolChoice).toEqual({ tool: { name: 'StructuredOutput' } });
    expect(body.toolConfig!.tools[0]!.toolSpec.inputSchema.json).toMatchObject({ required: ['stories'] });
    expect(body.inferenceConfig?.maxTokens).toBe(8192);
  });

  it('refuses native mode for a model without it, and a model with neither way, naming the model', async () => {
    const w = await world([]);
    const native = await w.failure({
      provider: 'bedrock',
      model: OLD_CLAUDE,
      mode: 'native',
      baseUrl: w.mock.url,
    });
    expect(native).toMatchObject({
      code: 'structured_output_unsupported',
      message: expect.stringContaining(OLD_CLAUDE) as unknown,
    });
    const titan = await w.failure({
      provider: 'bedrock',
      model: 'amazon.titan-text-express-v1',
      baseUrl: w.mock.url,
    });
    expect(titan.code).toBe('structured_output_unsupported');
    expect(w.mock.modelCalls()).toHaveLength(0);
  });

  it('retries throttling within the budget, then says what AWS wants for throttling, access and validation', async () => {
    const w = await world([
      httpFailure(429, { message: 'Too many tokens, please wait before trying again.' }),
      answer({ stories: [story('After the wait')] }),
      httpFailure(429, { times: 4 }),
      httpFailure(403, { message: "You don't have access to the model with the specified model ID." }),
      httpFailure(400, {
        message:
          "1 validation error detected: Value at 'inferenceConfig.maxTokens' failed to satisfy constraint",
      }),
    ]);
    const ok = await w.send({ provider: 'bedrock', model: MODEL, baseUrl: w.mock.url });
    expect(ok.data).toEqual({ stories: [story('After the wait')] });
    expect(w.retries).toEqual([expect.objectContaining({ code: 'rate_limited' })]);

    const throttled = await w.failure({ provider: 'bedrock', model: MODEL, baseUrl: w.mock.url });
    expect(throttled).toMatchObject({
      code: 'rate_limited',
      message: expect.stringMatching(/Bedrock throttled.*ThrottlingException/) as unknown,
    });
    const denied = await w.failure({ provider: 'bedrock', model: MODEL, baseUrl: w.mock.url });
    expect(denied.code).toBe('auth_failed');
    expect(denied.message).toMatch(
      /bedrock:InvokeModelWithResponseStream.*AccessDeniedException: You don't have access/s,
    );
    const invalid = await w.failure({ provider: 'bedrock', model: MODEL, baseUrl: w.mock.url });
    expect(invalid).toMatchObject({ code: 'api_error', retryable: false });
    expect(invalid.message).toMatch(/ValidationException: .*'inferenceConfig\.maxTokens'/);
    expect(invalid.message).not.toMatch(/Claude API/);
  });

  it('retries an exception that arrives inside the stream (throttling mid-answer) as Bedrock reports it', async () => {
    const mock = slot.use(
      await startMockBedrockApi({
        apiKey: KEY_ID,
        errorsInStream: true,
        script: [httpFailure(429, { message: 'Too many tokens' }), answer({ stories: [story('Streamed')] })],
      }),
    );
    const w = apiWorld({ ...AWS_ENV });
    const ok = await w.send({ provider: 'bedrock', model: MODEL, baseUrl: mock.url });
    expect(ok.data).toEqual({ stories: [story('Streamed')] });
    expect(w.retries).toEqual([
      expect.objectContaining({
        code: 'rate_limited',
        message: expect.stringContaining('ThrottlingException: Too many tokens') as unknown,
      }),
    ]);
  });

  it('fails typed on malformed output: text that is not JSON, after the retry budget', async () => {
    const w = await world([
      answer('Sure! Here are your stories: ...'),
      answer('still prose'),
      answer('and prose'),
    ]);
    const error = await w.failure({ provider: 'bedrock', model: MODEL, baseUrl: w.mock.url });
    expect(error.code).toBe('no_structured_output');
    expect(error.message).toMatch(/Amazon Bedrock/);
  });

  it('refuses unknown credentials as AWS does, never showing the secret, and says when none are found', async () => {
    const w = await world([]);
    vi.stubEnv('AWS_ACCESS_KEY_ID', 'AKIAOTHERKEY00000000');
    const wrong = await w.failure({ provider: 'bedrock', model: MODEL, baseUrl: w.mock.url });
    expect(wrong).toMatchObject({
      code: 'auth_failed',
      message: expect.stringContaining('UnrecognizedClientException') as unknown,
    });
    expect(JSON.stringify([wrong.toJSON(), w.lines, w.events])).not.toContain(SECRET);

    vi.stubEnv('AWS_ACCESS_KEY_ID', undefined);
    vi.stubEnv('AWS_SECRET_ACCESS_KEY', undefined);
    const none = await w.failure({ provider: 'bedrock', model: MODEL, baseUrl: w.mock.url });
    expect(none).toMatchObject({
      code: 'no_api_key',
      message: expect.stringMatching(/AWS_PROFILE.*aws sso login/) as unknown,
    });

    vi.stubEnv('AWS_REGION', undefined);
    const noRegion = await apiWorld({}).failure({ provider: 'bedrock', model: MODEL, baseUrl: w.mock.url });
    expect(noRegion).toMatchObject({
      code: 'no_api_key',
      message: expect.stringContaining('AWS_REGION') as unknown,
    });
  });

  it('stops an endless answer at once: garbage_output, not retried, the request dropped', async () => {
    const FLOOD = 200 * 1024 * 1024;
    const w = await world([{ kind: 'flood', bytes: FLOOD }]);
    const error = await w.failure({ provider: 'bedrock', model: MODEL, baseUrl: w.mock.url });
    expect(error.code).toBe('garbage_output');
    expect(error.message).toContain('16 MB');
    expect(w.mock.modelCalls()).toHaveLength(1);
    // The client went away at the first frame's announced length, long before the 200 MB were sent.
    expect(await w.mock.floods[0]).toBeLessThan(FLOOD / 2);
  });

  it('grounded: gets the repo map in its prompt instead of tools, and says it read no files', async () => {
    const project = groundedProject();
    const w = await world([answer({ token: 'from the map' })]);
    const r = await w.send({
      provider: 'bedrock',
      model: MODEL,
      baseUrl: w.mock.url,
      schema: TOKEN_SCHEMA,
      workflow: 'generatePlan',
      prompt: `Which file holds the token?\n\n${groundingPromptSection()}`,
      grounding: { root: project.root },
    });
    expect(r.data).toEqual({ token: 'from the map' });
    expect(r.grounding).toMatchObject({ filesRead: [], toolCalls: 0 });
    const body = w.mock.modelCalls()[0]!.body as { messages: { content: { text: string }[] }[] };
    const sent = body.messages[0]!.content[0]!.text;
    expect(sent).toContain(MAP_ONLY_HEADING);
    expect(sent).toMatch(/token\.ts [^\n]*TOKEN/);
    expect(JSON.stringify(w.mock.requests)).not.toContain(project.secret);
  });

  it('cancels mid-stream: the HTTP request is aborted', async () => {
    const w = await world([{ kind: 'partial-hang', text: '{"stories":[{"ti' }]);
    const error = await w.cancelled({ provider: 'bedrock', model: MODEL, baseUrl: w.mock.url });
    expect(error.code).toBe('cancelled');
    await expect.poll(() => w.mock.abortedSeqs.size).toBe(1);
  });
});
