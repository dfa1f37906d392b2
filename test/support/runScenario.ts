// Glue between a scenario and a run: its mock, its environment, and one real-CLI run of it.
import { startMockMessagesApi, type MockMessagesApi } from './mockMessagesApi';
import {
  claudeBinary,
  cliEnv,
  makeTempHome,
  notLoggedInEnv,
  runCli,
  streamJsonArgs,
  type CliRun,
  type CliVersionName,
} from './realCli';
import type { CliScenario } from './scenarios';
import { summarizeTranscript, type TranscriptSummary } from './transcript';

type ScenarioSetup = Pick<CliScenario, 'script' | 'whenExhausted'>;

/** A mock API scripted for the scenario. */
export function startScenarioMock(scenario: ScenarioSetup): Promise<MockMessagesApi> {
  return startMockMessagesApi({
    script: scenario.script,
    ...(scenario.whenExhausted ? { whenExhausted: scenario.whenExhausted } : {}),
  });
}

/** The CLI environment the scenario needs (API key or not logged in). */
export function scenarioEnv(
  scenario: Pick<CliScenario, 'auth' | 'cliMaxRetries'>,
  mockUrl: string,
  homeDir: string,
): Record<string, string> {
  if (scenario.auth === 'none') return notLoggedInEnv(homeDir, mockUrl);
  return cliEnv(mockUrl, homeDir, { maxRetries: scenario.cliMaxRetries ?? 0 });
}

export interface ScenarioRun {
  run: CliRun;
  summary: TranscriptSummary;
  mock: MockMessagesApi;
}

/** Runs the real CLI once through the scenario; the mock is closed and HOME removed afterwards. */
export async function runScenarioWithRealCli(
  scenario: CliScenario,
  which: CliVersionName,
): Promise<ScenarioRun> {
  const mock = await startScenarioMock(scenario);
  const home = makeTempHome();
  try {
    const run = await runCli(claudeBinary(which), {
      args: streamJsonArgs(scenario.schema, scenario.maxTurns, scenario.extraArgs),
      prompt: scenario.prompt,
      env: scenarioEnv(scenario, mock.url, home.dir),
      cwd: home.dir,
    });
    return { run, summary: summarizeTranscript(run.events), mock };
  } finally {
    await mock.close();
    home.cleanup();
  }
}
