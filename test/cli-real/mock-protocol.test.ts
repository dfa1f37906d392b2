// The real CLI (both builds) against the loopback mock: what it prints for each scripted scenario.
// Guards the mock (it must reproduce the recorded fixtures) and documents each build's behaviour.
import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { execa } from 'execa';
import { cliFixturePath } from '../support/fakeCli';
import { claudeBinary, streamJsonArgs, type CliVersionName } from '../support/realCli';
import { useRealCliTimeouts } from '../support/realCliTest';
import { startRealCliWorld } from '../support/realCliWorld';
import { offersStructuredOutput, structuredOutputSchema, userText } from '../support/requestInspection';
import { runScenarioWithRealCli, scenarioWorld, type ScenarioRun } from '../support/runScenario';
import {
  CLI_SCENARIOS,
  HANGING_API_SCENARIO,
  PERSON_SCHEMA,
  type TranscriptExpectation,
} from '../support/scenarios';
import {
  inputJsonDeltas,
  lineShapes,
  summarizeTranscript,
  type TranscriptSummary,
} from '../support/transcript';

useRealCliTimeouts();

function expectText(actual: unknown, expected: string | RegExp): void {
  if (typeof expected === 'string') expect(actual).toBe(expected);
  else expect(actual).toMatch(expected);
}

function assertTranscript(summary: TranscriptSummary, expected: TranscriptExpectation): void {
  if (expected.result === null) {
    expect(summary.result).toBeUndefined();
  } else {
    const result = summary.result;
    expect(result, 'a result line').toBeDefined();
    expect(result?.subtype).toBe(expected.result.subtype);
    expect(result?.is_error).toBe(expected.result.isError);
    if (expected.result.structuredOutput === undefined) {
      expect(result).not.toHaveProperty('structured_output');
    } else {
      expect(result?.structured_output).toEqual(expected.result.structuredOutput);
    }
    if (expected.result.resultText !== undefined) expectText(result?.result, expected.result.resultText);
    if (expected.result.errors) {
      expect(result?.errors).toHaveLength(1);
      expectText((result?.errors as string[])[0], expected.result.errors);
    }
    if (expected.result.apiErrorStatus !== undefined) {
      expect(result?.api_error_status).toBe(expected.result.apiErrorStatus);
    }
  }
  if (expected.structuredCalls) {
    expect(summary.structuredCalls.map((c) => c.input)).toEqual(expected.structuredCalls);
  }
  if (expected.structuredResults) {
    expect(summary.structuredResults).toHaveLength(expected.structuredResults.length);
    summary.structuredResults.forEach((r, i) => {
      const pattern = expected.structuredResults?.[i] as RegExp;
      expect(r.text).toMatch(pattern);
      expect(r.isError).toBe(!pattern.test('Structured output provided successfully'));
    });
  }
  if (expected.nudges !== undefined) expect(summary.nudges).toHaveLength(expected.nudges);
  if (expected.apiRetries !== undefined) expect(summary.apiRetries).toHaveLength(expected.apiRetries);
}

/** Live transcripts that must have the shape of a fixture recorded from the same CLI build. */
const FIXTURE_TWINS: Record<CliVersionName, Record<string, string>> = {
  current: {
    happy: 'm10-2.1.330-happy',
    'retries-exhausted': 'm11-2.1.330-retries-exhausted',
    'never-calls-tool': 'm12-2.1.330-never-calls',
    'not-logged-in': 'm20-2.1.330-no-credentials',
  },
  old: {
    happy: 'm14-2.1.186-valid-then-text',
    'valid-then-max-turns': 'm13-2.1.186-valid-then-max-turns',
  },
};

function readFixture(name: string): Record<string, unknown>[] {
  return readFileSync(cliFixturePath(`${name}.jsonl`), 'utf8')
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as Record<string, unknown>);
}

function assertLikeFixture(events: Record<string, unknown>[], fixture: string): void {
  const recorded = readFixture(fixture);
  expect(lineShapes(events)).toEqual(lineShapes(recorded));
  const live = summarizeTranscript(events).result;
  const then = summarizeTranscript(recorded).result;
  expect(Object.keys(live ?? {}).sort()).toEqual(Object.keys(then ?? {}).sort());
  for (const key of ['subtype', 'is_error', 'terminal_reason', 'structured_output', 'errors', 'result']) {
    expect(live?.[key], key).toEqual(then?.[key]);
  }
}

/** Checks only some scenarios need, run on the same CLI run (each run costs about a CPU second). */
const EXTRA_CHECKS: Record<string, (run: ScenarioRun) => void> = {
  'partial-messages': ({ summary }) => {
    const fragments = inputJsonDeltas(summary).filter((f) => f !== '');
    expect(fragments.length).toBeGreaterThanOrEqual(3);
    expect(JSON.parse(fragments.join(''))).toEqual(summary.structuredCalls[0]?.input);
    const types = summary.streamEvents.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(['message_start', 'content_block_start', 'message_stop']));
  },
  'text-then-tool': ({ summary }) => {
    // One API message, two assistant lines sharing its id.
    const [first, second] = summary.assistantBlocks;
    expect(first?.block.type).toBe('text');
    expect(second?.block.type).toBe('tool_use');
    expect(first?.messageId).toMatch(/^msg_mock_/);
    expect(second?.messageId).toBe(first?.messageId);
  },
  'invalid-then-valid': ({ mock }) => {
    // The retry still offers our schema and tells the model why its input was rejected.
    const [, retry] = mock.mainRequests();
    expect(structuredOutputSchema(retry!.body!)).toEqual(PERSON_SCHEMA);
    const sent = JSON.stringify(retry!.body!.messages);
    expect(sent).toContain('Output does not match required schema');
    expect(sent).toContain('"is_error":true');
  },
};

describe.each<CliVersionName>(['current', 'old'])('real CLI (%s) against the mock API', (which) => {
  const binary = claudeBinary(which);

  describe.concurrent('transcripts', () => {
    it.each(CLI_SCENARIOS.map((s) => [s.name, s] as const))('%s', async (_name, scenario) => {
      const expected = scenario.expected[which].transcript;
      const scenarioRun = await runScenarioWithRealCli(scenario, which);
      const { run, summary, mock } = scenarioRun;
      const context = `stdout:\n${run.stdout.slice(0, 4000)}\nstderr:\n${run.stderr}`;

      expect(run.exitCode, context).toBe(expected.exitCode);
      if (expected.stderr) expect(run.stderr).toMatch(expected.stderr);
      // Every stdout line is one JSON object.
      expect(run.events).toHaveLength(run.rawLines.length);
      if (expected.result !== null) {
        expect(summary.init?.claude_code_version).toBe(binary.version);
        expect(run.events[0]).toBe(summary.init);
        expect((summary.init?.tools as string[]).includes('StructuredOutput')).toBe(
          expected.structuredOutputOffered,
        );
      } else {
        expect(run.stdout).toBe('');
      }
      assertTranscript(summary, expected);

      const main = mock.mainRequests();
      if (expected.mainRequests !== undefined) expect(main).toHaveLength(expected.mainRequests);
      // The CLI streams; only its fallback after a broken stream is a non-streaming request.
      if (main[0]) expect(main[0].body?.stream).toBe(true);
      for (const request of main) {
        expect(userText(request.body!)).toContain(scenario.prompt);
        expect(offersStructuredOutput(request.body!)).toBe(expected.structuredOutputOffered);
        if (expected.structuredOutputOffered)
          expect(structuredOutputSchema(request.body!)).toEqual(scenario.schema);
      }
      expect(mock.requests.filter((r) => r.kind === 'unknown')).toEqual([]);

      const twin = FIXTURE_TWINS[which][scenario.name];
      if (twin) assertLikeFixture(run.events, twin);
      EXTRA_CHECKS[scenario.name]?.(scenarioRun);
    });

    it('has a scenario for every fixture twin and extra check', () => {
      const names = CLI_SCENARIOS.map((s) => s.name);
      expect(names).toEqual(
        expect.arrayContaining([...Object.keys(FIXTURE_TWINS[which]), ...Object.keys(EXTRA_CHECKS)]),
      );
    });

    it('waits on an API that never answers and ends on SIGTERM without a result line', async () => {
      // Concurrent tests close their own world: vitest's global test hooks do not follow concurrent tests.
      const world = await startRealCliWorld(scenarioWorld(HANGING_API_SCENARIO, which));
      try {
        const child = execa(binary.command, [...binary.prefixArgs, ...streamJsonArgs(PERSON_SCHEMA, 3)], {
          input: HANGING_API_SCENARIO.prompt,
          env: world.env,
          extendEnv: false,
          cwd: world.home,
          reject: false,
        });
        await world.guard(
          world.mock.waitForRequest((r) => r.kind === 'main'),
          'the CLI calling the mock',
        );
        child.kill('SIGTERM');
        const result = await child;
        const lines = String(result.stdout)
          .split('\n')
          .filter((l) => l.trim() !== '');
        // Both builds handle SIGTERM: exit 143 at once, having printed only the init line.
        expect(lines.map((l) => (JSON.parse(l) as { subtype?: string }).subtype)).toEqual(['init']);
        expect(result.exitCode).toBe(143);
      } finally {
        await world.close();
      }
    });
  });
});
