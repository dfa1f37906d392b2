// sendPrompt against the REAL Claude Code CLI, both builds (2.1.330 and 2.1.186, either side of the 2.1.187 and
// 2.1.205 changes), talking to the loopback mock of the Messages API. Only the model's replies are scripted.
import { describe, expect, it } from 'vitest';
import { PromptError } from '../../src/main/llm/errors';
import type { PreviewEvent, SendPromptRequest } from '../../src/main/llm/promptTypes';
import type { MockMessagesApi } from '../support/mockMessagesApi';
import { structured, text, toolCall } from '../support/mockTurns';
import type { CliVersionName } from '../support/realCli';
import { realCliWorld, useRealCliTimeouts } from '../support/realCliTest';
import { scenarioWorld } from '../support/runScenario';
import { ADA, cliScenario, PERSON_PROMPT, PERSON_SCHEMA, type CliScenario } from '../support/scenarios';
import { harness } from './harness';

const VERSIONS: [CliVersionName, string][] = [
  ['current', '2.1.330'],
  ['old', '2.1.186'],
];

useRealCliTimeouts();

interface Run {
  mock: MockMessagesApi;
  call: (
    extra?: Partial<SendPromptRequest>,
  ) => Promise<Awaited<ReturnType<ReturnType<typeof harness>['sendPrompt']>>>;
  logLines: ReturnType<typeof harness>['logLines'];
}

async function setup(
  which: CliVersionName,
  scenario: Pick<CliScenario, 'script' | 'whenExhausted' | 'auth' | 'cliMaxRetries'>,
): Promise<Run> {
  const world = await realCliWorld(scenarioWorld(scenario, which));
  const { sendPrompt, logLines } = harness({ cliPath: world.claudePath, env: world.env });
  const call = (extra: Partial<SendPromptRequest> = {}) =>
    world.guard(
      sendPrompt({
        workflow: 'cli-prompt',
        prompt: PERSON_PROMPT,
        schema: PERSON_SCHEMA as unknown as Record<string, unknown>,
        maxTurns: 3,
        cwd: world.home,
        ...extra,
      }),
      'sendPrompt',
    );
  return { mock: world.mock, call, logLines };
}

/** Runs a shared scenario with its own settings and returns the outcome. */
async function scenarioOutcome(which: CliVersionName, name: string) {
  const scenario = cliScenario(name);
  const { call, mock } = await setup(which, scenario);
  const outcome = await call({
    schema: scenario.schema,
    prompt: scenario.prompt,
    maxTurns: scenario.maxTurns,
  }).then(
    (r) => ({ ok: true as const, r }),
    (e: unknown) => ({ ok: false as const, e: e as PromptError }),
  );
  return { outcome, expected: scenario.expected[which].outcome, mock };
}

describe.each(VERSIONS)('sendPrompt with the real CLI (%s = %s)', (which, version) => {
  it.each(['happy', 'text-then-tool', 'invalid-then-valid', 'two-calls-one-message'])(
    'scenario %s gives the object the scenario expects',
    async (name) => {
      const { outcome, expected } = await scenarioOutcome(which, name);
      expect(outcome.ok).toBe(true);
      expect(expected.ok).toBe(true);
      if (!outcome.ok || !expected.ok) return;
      expect(outcome.r.data).toEqual(expected.data);
      expect(outcome.r.source).toBe(expected.source);
      expect(outcome.r.meta).toMatchObject({
        cliVersion: version,
        turns: expect.any(Number),
        sessionId: expect.any(String),
      });
      expect(outcome.r.meta.costUsd).toEqual(expect.any(Number));
    },
  );

  it.each([
    'retries-exhausted',
    'not-logged-in',
    'invalid-schema',
    'auth-rejected-401',
    'rate-limited-429',
    'server-error-500',
  ])('scenario %s fails with the expected code', async (name) => {
    const { outcome, expected, mock } = await scenarioOutcome(which, name);
    expect(expected.ok).toBe(false);
    expect(outcome.ok).toBe(false);
    if (outcome.ok || expected.ok) return;
    expect(outcome.e).toBeInstanceOf(PromptError);
    expect(outcome.e.code).toBe(expected.code);
    expect(outcome.e.message).not.toMatch(/^failed$/i);
    if (name === 'invalid-schema') expect(mock.mainRequests()).toHaveLength(0); // refused before any spawn
    if (name === 'not-logged-in') expect(outcome.e.message).toContain('/login');
  });

  it('never calls the tool: a typed failure after one extra attempt, never the prose as data', async () => {
    const { call, mock } = await setup(which, {
      script: [],
      whenExhausted: text('I refuse to use tools.'),
      auth: 'api-key',
    });
    const err = (await call().catch((e) => e)) as PromptError;
    // 2.1.330 ends in success without structured_output; 2.1.186 nudges until --max-turns.
    expect(err.code).toBe(which === 'current' ? 'no_structured_output' : 'max_turns');
    expect(err.diagnostics.cliVersion).toBe(version);
    // no_structured_output is retried once (a second CLI run); max_turns is not retried.
    const runs = which === 'current' ? 2 : 1;
    const perRun = which === 'current' ? 2 : 3;
    expect(mock.mainRequests()).toHaveLength(runs * perRun);
  });

  it('prose that holds the JSON is recovered only through the logged legacy path', async () => {
    const prose = 'Here is the person:\n```json\n{"name": "Ada", "age": 36}\n```';
    const { call, logLines } = await setup(which, {
      script: [],
      whenExhausted: text(prose),
      auth: 'api-key',
    });
    const r = await call();
    expect(r).toMatchObject({ data: ADA, source: 'legacy_text' });
    expect(r.warnings[0]).toMatch(/DEPRECATED/);
    expect(
      logLines.some(
        (l) =>
          l.level === 'warn' &&
          /DEPRECATED legacy text extraction used for workflow "cli-prompt"/.test(l.message),
      ),
    ).toBe(true);
  });

  it('max turns: a model that keeps calling other tools ends in max_turns', async () => {
    const read = toolCall('Read', { file_path: '/nonexistent/puffin.txt' });
    const { call } = await setup(which, { script: [], whenExhausted: read, auth: 'api-key' });
    await expect(call({ maxTurns: 2 })).rejects.toMatchObject({
      code: 'max_turns',
      diagnostics: { resultSubtype: 'error_max_turns' },
    });
  });

  it('clamps --max-turns 1 up to 2, so a tool call in the first turn still leaves room for the answer', async () => {
    const { call, mock } = await setup(which, {
      script: [toolCall('Read', { file_path: '/nonexistent' }), structured(ADA)],
      auth: 'api-key',
    });
    const r = await call({ maxTurns: 1 });
    expect(r.data).toEqual(ADA);
    expect(mock.mainRequests().length).toBeGreaterThanOrEqual(2);
  });

  it('hermetic by default: no built-in tools offered, StructuredOutput kept', async () => {
    const toolsOffered = async (hermetic: boolean) => {
      const { call, mock } = await setup(which, { script: [structured(ADA)], auth: 'api-key' });
      await call(hermetic ? {} : { hermetic: false });
      return (mock.mainRequests()[0]!.body?.tools ?? []).map((t) => t.name);
    };
    const hermetic = await toolsOffered(true);
    const open = await toolsOffered(false);
    expect(hermetic).toContain('StructuredOutput');
    expect(hermetic).not.toContain('Read');
    expect(hermetic).not.toContain('Bash');
    // Without the flags the same CLI offers its built-in tools: the difference is ours.
    expect(open).toEqual(expect.arrayContaining(['StructuredOutput', 'Read', 'Bash']));
  });

  it('partial messages: preview events arrive while the object streams in', async () => {
    const stories = [1, 2, 3].map((n) => ({
      title: `Story ${n}`,
      description: `As a user, I want ${n} so that ${n}`,
      acceptanceCriteria: [`AC ${n}`],
    }));
    const { call } = await setup(which, { script: [structured({ stories })], auth: 'api-key' });
    const previews: PreviewEvent[] = [];
    const r = await call({ schema: 'stories', preview: (e) => previews.push(e) });
    expect(r.data).toEqual(stories);
    expect(previews.filter((p) => p.type === 'item').map((p) => (p as { value: unknown }).value)).toEqual(
      stories,
    );
    expect(previews.at(-1)).toEqual({ type: 'done', value: { stories } });
  });

  it('retries an overloaded API (its own retries off) and reports overloaded when it stays down', async () => {
    const { outcome, expected, mock } = await scenarioOutcome(which, 'overloaded-529');
    expect(expected).toEqual({ ok: false, code: 'overloaded' });
    expect(outcome.ok ? null : outcome.e.code).toBe('overloaded');
    expect(outcome.ok ? null : outcome.e.diagnostics.attempts).toBe(4);
    expect(mock.mainRequests()).toHaveLength(4);
  });
});
