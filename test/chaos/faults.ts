// The fault matrix: every CLI fault a hostile user or a broken machine can produce, what Puffin must
// answer (a typed outcome), and how long that may take. Each fault runs through both faces (the headless
// `puffin prompt` and the browser host's /api/invoke); every row also checks that no process is left behind.
import type { FakeClaudeOptions } from '../support/fakeCli';
import { cliFixturePath } from '../support/fakeCli';

/** What a row ends in: 'ok', a PromptError code, or what happened to Puffin itself. */
export type Outcome = string;

/** What is done to the run once the CLI has started. */
export type Action =
  | 'cancel' // Ctrl-C for the headless face, generation:cancel for the host
  | 'SIGTERM' // to Puffin (headless process or host process)
  | 'SIGHUP' // to Puffin: the terminal closed
  | 'SIGKILL'; // to Puffin: no cleanup of its own is possible, only the watchdog's

/** A fault the real CLI shows against the mock Messages API (the mock picks it from the prompt). */
export type MockFault =
  'happy' | '500-forever' | '529-forever' | '429-retry-after' | '401' | 'hang' | 'stream-error';

export type CliSetup =
  | { kind: 'fake'; options: Omit<FakeClaudeOptions, 'recordFile'> }
  | { kind: 'missing' }
  | { kind: 'not-executable' }
  | { kind: 'real'; fault: MockFault; loggedOut?: boolean };

export interface Fault {
  id: string;
  cli: CliSetup;
  action?: Action;
  /** The typed outcome, the same on both faces unless given per face. */
  expect: Outcome | { headless: Outcome; host: Outcome };
  /** What the fault itself makes Puffin wait for (a grace, backoffs, a kill), beyond starting up. */
  faultMs: number;
  /** Slow (the real CLI): only in `npm run chaos`, not in `npm test`. */
  full?: boolean;
  /**
   * Also through the headless face in `npm test` (every fault goes through the host there). Each headless row
   * starts a Puffin process (node + tsx), ~2 s of CPU: the rest of its rows run in `npm run chaos`.
   */
  sample?: boolean;
}

export const STORIES = {
  stories: [
    {
      title: 'Chaos holds',
      description: 'As a user, I want Puffin to survive a broken CLI so that I lose nothing.',
      acceptanceCriteria: ['Every fault ends in a typed outcome.'],
    },
  ],
};

const fake = (
  scenario: string,
  extra: Omit<FakeClaudeOptions, 'scenario' | 'recordFile'> = {},
): CliSetup => ({
  kind: 'fake',
  options: { scenario, output: STORIES, ...extra },
});

/** A row with the real CLI; slow, so only in `npm run chaos`. */
function real(
  id: string,
  fault: MockFault,
  expect: Outcome,
  faultMs: number,
  extra: { loggedOut?: boolean } = {},
): Fault {
  return { id: `real CLI: ${id}`, cli: { kind: 'real', fault, ...extra }, expect, faultMs, full: true };
}

// Backoff budget of 4 attempts (1 s, 2 s, 4 s ceilings, full jitter): at most 7 s of waits.
const RETRIES_MS = 7_000;
// The CLI gets 3 s to end after its result line (runCli's RESULT_GRACE_MS), then the kill's 3 s grace.
const GRACE_MS = 6_000;
const KILL_MS = 3_000;

const FAULTS: Fault[] = [
  { id: 'happy path', sample: true, cli: fake('happy'), expect: 'ok', faultMs: 0 },
  {
    id: 'crash mid-stream (SIGKILL)',
    sample: true,
    cli: fake('crash-mid-stream'),
    expect: 'crashed',
    faultMs: 0,
  },
  { id: 'exit 137 without a result', cli: fake('exit-137'), expect: 'crashed', faultMs: 0 },
  { id: 'exit 1, nothing on stdout', cli: fake('exit-without-output'), expect: 'crashed', faultMs: 0 },
  { id: 'exit 0, nothing at all', cli: fake('exit-0-silent'), expect: 'no_result', faultMs: 0 },
  { id: 'CLI killed by SIGTERM', cli: fake('sigterm-self'), expect: 'crashed', faultMs: 0 },
  { id: 'acknowledged answer, no result line', cli: fake('no-result'), expect: 'ok', faultMs: 0 },
  { id: 'partial result line', cli: fake('partial-result'), expect: 'no_result', faultMs: 0 },
  { id: 'garbage between the lines', cli: fake('garbage-lines'), expect: 'ok', faultMs: 0 },
  { id: 'garbage only', cli: fake('garbage-only'), expect: 'no_result', faultMs: 0 },
  { id: 'binary garbage, no newline', cli: fake('binary-garbage'), expect: 'no_result', faultMs: 0 },
  { id: 'one 50 MB line', sample: true, cli: fake('huge-line'), expect: 'garbage_output', faultMs: KILL_MS },
  {
    id: 'a line that never ends',
    cli: fake('huge-line-forever'),
    expect: 'garbage_output',
    faultMs: KILL_MS,
  },
  { id: '20 MB on stderr', cli: fake('stderr-flood'), expect: 'ok', faultMs: 0 },
  { id: 'lines in 7-byte pieces', cli: fake('slow-drip', { dripMs: 0 }), expect: 'ok', faultMs: 0 },
  { id: 'slow start (2 s)', cli: fake('slow-start', { delayMs: 2000 }), expect: 'ok', faultMs: 2000 },
  {
    id: 'answer off the schema',
    cli: fake('happy', { output: { stories: [] } }),
    expect: 'validation_failed',
    faultMs: 0,
  },
  { id: 'result, then hangs', sample: true, cli: fake('result-then-hang'), expect: 'ok', faultMs: GRACE_MS },
  {
    id: 'exit 0, grandchild holds stdout',
    cli: fake('grandchild-holds-stdout'),
    expect: 'ok',
    faultMs: GRACE_MS,
  },
  {
    id: 'exit 0, setsid grandchild holds stdout',
    sample: true,
    cli: fake('setsid-grandchild-holds-stdout'),
    expect: 'ok',
    faultMs: GRACE_MS,
  },
  {
    id: 'setsid grandchild left running',
    cli: fake('setsid-grandchild-then-happy'),
    expect: 'ok',
    faultMs: 0,
  },
  {
    id: 'API 500 every time',
    sample: true,
    cli: fake('api-error', { apiStatus: 500 }),
    expect: 'api_error',
    faultMs: RETRIES_MS,
  },
  {
    id: 'API 529 every time',
    cli: fake('api-error', { apiStatus: 529 }),
    expect: 'overloaded',
    faultMs: RETRIES_MS,
  },
  {
    id: 'API 429, resets in 1 s',
    sample: true,
    cli: fake('api-error', { apiStatus: 429, retryAfterS: 1 }),
    expect: 'rate_limited',
    faultMs: 3 * 1000 + 3 * 1000,
  },
  { id: 'API 401', cli: fake('api-error', { apiStatus: 401 }), expect: 'not_logged_in', faultMs: 0 },
  {
    id: 'not logged in (recorded 2.1.330)',
    cli: fake(cliFixturePath('m20-2.1.330-no-credentials.jsonl')),
    expect: 'not_logged_in',
    faultMs: 0,
  },
  {
    id: 'schema retries exhausted (recorded)',
    cli: fake(cliFixturePath('m11-2.1.330-retries-exhausted.jsonl')),
    expect: 'structured_output_retries_exhausted',
    faultMs: 0,
  },
  {
    id: 'never calls the tool (recorded)',
    cli: fake(cliFixturePath('m12-2.1.330-never-calls.jsonl')),
    expect: 'no_structured_output',
    faultMs: 0,
  },
  { id: 'binary missing', sample: true, cli: { kind: 'missing' }, expect: 'cli_not_found', faultMs: 0 },
  {
    id: 'binary not executable',
    sample: true,
    cli: { kind: 'not-executable' },
    expect: 'cli_not_executable',
    faultMs: 0,
  },
  {
    id: 'hang, cancelled',
    sample: true,
    cli: fake('hang-after-init'),
    action: 'cancel',
    expect: 'cancelled',
    faultMs: KILL_MS,
  },
  {
    id: 'hang ignoring SIGTERM, cancelled',
    cli: fake('hang-ignore-sigterm'),
    action: 'cancel',
    expect: 'cancelled',
    faultMs: 2 * KILL_MS,
  },
  {
    id: 'setsid grandchild, cancelled',
    sample: true,
    cli: fake('setsid-grandchild-hang'),
    action: 'cancel',
    expect: 'cancelled',
    faultMs: KILL_MS,
  },
  {
    id: 'Puffin gets SIGTERM',
    sample: true,
    cli: fake('grandchild-hang'),
    action: 'SIGTERM',
    expect: 'cancelled', // the host answers the request in flight before it stops
    faultMs: KILL_MS,
  },
  {
    id: 'terminal closed (SIGHUP)',
    sample: true,
    cli: fake('setsid-grandchild-hang'),
    action: 'SIGHUP',
    expect: 'cancelled', // the host answers the request in flight before it stops
    faultMs: KILL_MS,
  },
  {
    id: 'Puffin SIGKILLed',
    sample: true,
    cli: fake('setsid-grandchild-hang'),
    action: 'SIGKILL',
    expect: 'killed',
    faultMs: 0,
  },
  // The real CLI (2.1.330) against the mock Messages API: the figures that matter for retries.
  real('happy', 'happy', 'ok', 0),
  real('API 500 every time', '500-forever', 'api_error', RETRIES_MS),
  real('API 529 every time', '529-forever', 'overloaded', RETRIES_MS),
  real('API 429 with retry-after', '429-retry-after', 'rate_limited', RETRIES_MS),
  real('API 401', '401', 'not_logged_in', 0),
  real('not logged in', 'happy', 'not_logged_in', 0, { loggedOut: true }),
  real('stream breaks off every time', 'stream-error', 'overloaded', RETRIES_MS),
  { ...real('API never answers, cancelled', 'hang', 'cancelled', KILL_MS), action: 'cancel' },
];

export type Face = 'headless' | 'host';
export const FACES: readonly Face[] = ['headless', 'host'];

export interface Row {
  name: string;
  fault: Fault;
  face: Face;
  expect: Outcome;
}

/**
 * `full`: every fault through every face (`npm run chaos`). Otherwise (`npm test`): the fake-CLI faults, each
 * through the host, and the sampled ones through the headless CLI too.
 */
export function matrixRows(options: { full: boolean }): Row[] {
  return FAULTS.filter((f) => options.full || !f.full).flatMap((fault) =>
    FACES.filter((face) => options.full || face === 'host' || fault.sample).map((face) => ({
      name: `${fault.id} [${face}]`,
      fault,
      face,
      expect: typeof fault.expect === 'string' ? fault.expect : fault.expect[face],
    })),
  );
}
