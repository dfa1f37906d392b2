// Glue between a scenario and a run: its world (mock, environment) and one real-CLI run of it.
import type { MockMessagesApi } from './mockMessagesApi';
import { claudeBinary, runCli, streamJsonArgs, type CliRun, type CliBuildName } from './realCli';
import { startRealCliWorld, type RealCliWorldOptions } from './realCliWorld';
import type { CliScenario } from './scenarios';
import { summarizeTranscript, type TranscriptSummary } from './transcript';

/** What a scenario asks of its world: the mock's script and the CLI's login and retries. */
export function scenarioWorld(
  scenario: Pick<CliScenario, 'script' | 'whenExhausted' | 'auth' | 'cliMaxRetries'>,
  which: CliBuildName,
): RealCliWorldOptions {
  return {
    which,
    script: scenario.script,
    auth: scenario.auth,
    ...(scenario.whenExhausted ? { whenExhausted: scenario.whenExhausted } : {}),
    ...(scenario.cliMaxRetries !== undefined ? { cliMaxRetries: scenario.cliMaxRetries } : {}),
  };
}

export interface ScenarioRun {
  run: CliRun;
  summary: TranscriptSummary;
  mock: MockMessagesApi;
}

/** Runs the real CLI once through the scenario; its world is closed afterwards (the mock keeps its record). */
export async function runScenarioWithRealCli(
  scenario: CliScenario,
  which: CliBuildName,
): Promise<ScenarioRun> {
  const world = await startRealCliWorld(scenarioWorld(scenario, which));
  try {
    const run = await runCli(claudeBinary(which), {
      args: streamJsonArgs(scenario.schema, scenario.maxTurns, scenario.extraArgs),
      prompt: scenario.prompt,
      env: world.env,
      cwd: world.home,
      progress: world.progress,
    });
    return { run, summary: summarizeTranscript(run.events), mock: world.mock };
  } finally {
    await world.close();
  }
}
