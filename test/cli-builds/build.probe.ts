// The real-CLI scenarios run against ONE installed CLI build (PUFFIN_CLI_BUILD), measured for docs/cli-builds.md:
// what the CLI prints for each scenario, what Puffin's sendPrompt makes of it, and which flags the build knows.
// Run by `npm run test:cli-builds` (scripts/cli-builds.mjs), not by `npm test`: it needs builds from the registry.
import { writeFileSync } from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import type { BuildReport, FlagObservation, ScenarioObservation } from '../../scripts/cliBuildsReport.mjs';
import { MIN_TURNS_WITH_SCHEMA } from '../../src/main/engines/claude-cli/cliArgs';
import { harness } from '../sendprompt/harness';
import { structured } from '../support/mockTurns';
import { claudeBinary, runCli, streamJsonArgs } from '../support/realCli';
import { useRealCliTimeouts } from '../support/realCliTest';
import { startRealCliWorld } from '../support/realCliWorld';
import { runScenarioWithRealCli, scenarioWorld } from '../support/runScenario';
import { ADA, CLI_SCENARIOS, PERSON_SCHEMA, type CliScenario } from '../support/scenarios';
import { asOutcome, observeFlags, observeRun, puffinOutcome } from './observe';

useRealCliTimeouts();

const REPORT_VARIABLE = 'PUFFIN_CLI_BUILD_REPORT';
const binary = claudeBinary('build');
const scenarios = new Map<string, ScenarioObservation>();
const flags = new Map<string, FlagObservation>();

const PLAIN = ['-p', '--output-format', 'stream-json', '--verbose', '--max-turns', '3'];

/**
 * Flag sets Puffin uses or documents, each run once with a model that answers with a valid object. Only the
 * hermetic set carries a schema (it must keep StructuredOutput), so the others tell whether the flag itself is known.
 */
const FLAG_PROBES: Record<string, string[]> = {
  plain: PLAIN,
  hermetic: streamJsonArgs(PERSON_SCHEMA, 3, [
    '--strict-mcp-config',
    '--mcp-config',
    '{"mcpServers":{}}',
    '--tools',
    '',
  ]),
  'tools-read': [...PLAIN, '--tools', 'Read,Glob,Grep'],
  restricted: [...PLAIN, '--restricted'],
};

async function puffinThrough(scenario: CliScenario) {
  const world = await startRealCliWorld(scenarioWorld(scenario, 'build'));
  try {
    const { sendPrompt } = harness({ cliPath: world.claudePath, env: world.env });
    const call = sendPrompt({
      workflow: 'cli-prompt',
      prompt: scenario.prompt,
      schema: scenario.schema,
      maxTurns: scenario.maxTurns,
      cwd: world.home,
    });
    return await world.guard(puffinOutcome(call), 'sendPrompt');
  } finally {
    await world.close();
  }
}

describe.concurrent(`CLI build ${binary.version} (${binary.native ? 'native' : 'cli.js'})`, () => {
  it.each(CLI_SCENARIOS.map((s) => [s.name, s] as const))('%s', async (name, scenario) => {
    const { run, mock } = await runScenarioWithRealCli(scenario, 'build');
    expect(run.stalled, 'the CLI stalled').toBe(false);
    const cli = observeRun(run, mock.mainRequests().length);
    const expected = [scenario.expected.current.outcome, scenario.expected.old.outcome].map(asOutcome);
    // Puffin raises --max-turns 1 to 2, so its call is not the scenario's: only the CLI's side is measured.
    const comparable = scenario.maxTurns >= MIN_TURNS_WITH_SCHEMA;
    const puffin = comparable ? await puffinThrough(scenario) : null;
    scenarios.set(name, { name, cli, puffin, expected });
    // The build is right for Puffin when Puffin's outcome is one it gives on a pinned build.
    if (comparable) expect(expected).toContainEqual(puffin);
  });

  it.each(Object.entries(FLAG_PROBES))('flags: %s', async (name, args) => {
    const world = await startRealCliWorld({ which: 'build', script: [structured(ADA)] });
    try {
      const run = await runCli(binary, {
        args,
        prompt: 'Extract the person: Ada Lovelace is 36.',
        env: world.env,
        cwd: world.project,
        progress: world.progress,
      });
      flags.set(name, observeFlags(name, args, run));
      expect(run.stalled).toBe(false);
    } finally {
      await world.close();
    }
  });
});

afterAll(() => {
  const path = process.env[REPORT_VARIABLE];
  if (!path) return;
  const order = <T>(names: string[], found: Map<string, T>) =>
    names.flatMap((n) => (found.has(n) ? [found.get(n)!] : []));
  const report: BuildReport = {
    version: binary.version,
    kind: binary.native ? 'native' : 'cli.js',
    scenarios: order(
      CLI_SCENARIOS.map((s) => s.name),
      scenarios,
    ),
    flags: order(Object.keys(FLAG_PROBES), flags),
  };
  writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
});
