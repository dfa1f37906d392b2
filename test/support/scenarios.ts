// Scripted model behaviours run through the real CLI against the mock API, with what each CLI build
// prints (transcript) and what sendPrompt should make of it (outcome). Shared by the raw protocol
// suite (test/cli-real) and the sendPrompt suite, so both exercise exactly the same situations.
import type { PromptErrorCode } from '../../src/main/llm/errors';
import type { MockTurn } from './mockTypes';
import {
  httpError,
  streamError,
  structured,
  text,
  textThenStructured,
  toolCall,
  toolCalls,
} from './mockTurns';
import type { CliVersionName } from './realCli';

/** The schema of the recorded fixtures. */
export const PERSON_SCHEMA = {
  type: 'object',
  properties: { name: { type: 'string' }, age: { type: 'integer' } },
  required: ['name', 'age'],
  additionalProperties: false,
} as const;

export const PERSON_PROMPT = 'Extract the person: Ada Lovelace is 36.';
export const ADA = { name: 'Ada', age: 36 };
export const GRACE = { name: 'Grace', age: 45 };
/** Fails PERSON_SCHEMA twice over: `age` missing, `name` not a string. */
export const INVALID_PERSON = { name: 42 };

/** `type` has a value draft-07 does not know; 2.1.205+ refuse it, older builds drop the schema. */
export const INVALID_SCHEMA = {
  type: 'object',
  properties: { name: { type: 'strung' } },
} as const;

/** The sendPrompt failure each failing scenario should produce (PromptError codes). */
export type ExpectedFailureCode = PromptErrorCode;

export type DataSource = 'structured_output' | 'tool_use' | 'legacy_text';

export type ExpectedOutcome =
  { ok: true; data: unknown; source: DataSource } | { ok: false; code: ExpectedFailureCode };

/** What the CLI prints for a scenario; every field that is set is asserted by the protocol suite. */
export interface TranscriptExpectation {
  exitCode: number;
  /** The last `result` line; null when the CLI prints none. */
  result: null | {
    subtype: string;
    isError: boolean;
    /** Deep-equals `structured_output`; when undefined the key must be absent. */
    structuredOutput?: unknown;
    resultText?: string | RegExp;
    errors?: RegExp;
    apiErrorStatus?: number;
  };
  stderr?: RegExp;
  /** Whether the init line lists the StructuredOutput tool (false: the schema was dropped). */
  structuredOutputOffered: boolean;
  /** Inputs of the StructuredOutput tool_use blocks, in order. */
  structuredCalls?: unknown[];
  /** The StructuredOutput tool_result texts, in order. */
  structuredResults?: RegExp[];
  /** Synthetic user lines urging the model to call the tool (new-style nudge or old Stop hook). */
  nudges?: number;
  /** `system/api_retry` lines: the CLI's own retries. */
  apiRetries?: number;
  /** Main-loop requests the mock answered. */
  mainRequests?: number;
}

export interface CliScenario {
  name: string;
  summary: string;
  prompt: string;
  schema: Record<string, unknown>;
  script: MockTurn[];
  /** The mock's reply once the script is used up (default: prose "Done." with end_turn). */
  whenExhausted?: MockTurn;
  maxTurns: number;
  extraArgs?: string[];
  /** `none`: no API key and an empty HOME (not logged in). */
  auth: 'api-key' | 'none';
  /** CLAUDE_CODE_MAX_RETRIES for the CLI; 0 unless set. */
  cliMaxRetries?: number;
  /** Recorded fixtures (shared/fixtures/cli) that show the same behaviour. */
  fixtures: string[];
  expected: Record<CliVersionName, { transcript: TranscriptExpectation; outcome: ExpectedOutcome }>;
}

const SCHEMA = PERSON_SCHEMA as unknown as Record<string, unknown>;
const ACCEPTED = /^Structured output provided successfully$/;
const REJECTED = /^Output does not match required schema: /;
const NOT_LOGGED_IN = 'Not logged in · Please run /login';
const PROSE = 'I refuse to use tools.';
const PROSE_WITH_JSON = 'Here is the person:\n```json\n{"name": "Ada", "age": 36}\n```';

function both(transcript: TranscriptExpectation, outcome: ExpectedOutcome): CliScenario['expected'] {
  return { current: { transcript, outcome }, old: { transcript, outcome } };
}

const success = (structuredOutput: unknown, resultText?: string | RegExp) => ({
  subtype: 'success',
  isError: false,
  structuredOutput,
  ...(resultText === undefined ? {} : { resultText }),
});

function apiErrorScenario(
  name: string,
  status: number,
  resultText: RegExp,
  code: ExpectedFailureCode,
  retryAfterSeconds?: number,
): CliScenario {
  const error = httpError(status, { times: Infinity, ...(retryAfterSeconds ? { retryAfterSeconds } : {}) });
  return {
    name,
    summary: `every API call answers HTTP ${status}; the CLI (own retries off) reports it in a synthetic assistant message and a success/is_error result`,
    prompt: PERSON_PROMPT,
    schema: SCHEMA,
    script: [error],
    maxTurns: 3,
    auth: 'api-key',
    fixtures: [],
    expected: both(
      {
        exitCode: 1,
        result: { subtype: 'success', isError: true, resultText, apiErrorStatus: status },
        structuredOutputOffered: true,
        structuredCalls: [],
        mainRequests: 1,
      },
      { ok: false, code },
    ),
  };
}

export const CLI_SCENARIOS: CliScenario[] = [
  {
    name: 'happy',
    summary: 'one valid StructuredOutput call; 2.1.186 asks for one more turn (the mock says "Done.")',
    prompt: PERSON_PROMPT,
    schema: SCHEMA,
    script: [structured(ADA)],
    maxTurns: 3,
    auth: 'api-key',
    fixtures: ['m01', 'm10', 'm14'],
    expected: {
      current: {
        transcript: {
          exitCode: 0,
          result: success(ADA, JSON.stringify(ADA)),
          structuredOutputOffered: true,
          structuredCalls: [ADA],
          structuredResults: [ACCEPTED],
          mainRequests: 1,
        },
        outcome: { ok: true, data: ADA, source: 'structured_output' },
      },
      old: {
        transcript: {
          exitCode: 0,
          result: success(ADA, 'Done.'),
          structuredOutputOffered: true,
          structuredCalls: [ADA],
          structuredResults: [ACCEPTED],
          mainRequests: 2,
        },
        outcome: { ok: true, data: ADA, source: 'structured_output' },
      },
    },
  },
  {
    name: 'partial-messages',
    summary:
      'happy path with --include-partial-messages: stream_event lines carry input_json_delta fragments',
    prompt: PERSON_PROMPT,
    schema: SCHEMA,
    script: [structured(ADA)],
    maxTurns: 3,
    extraArgs: ['--include-partial-messages'],
    auth: 'api-key',
    fixtures: ['m02'],
    expected: both(
      {
        exitCode: 0,
        result: success(ADA),
        structuredOutputOffered: true,
        structuredCalls: [ADA],
        structuredResults: [ACCEPTED],
      },
      { ok: true, data: ADA, source: 'structured_output' },
    ),
  },
  {
    name: 'text-then-tool',
    summary: 'one message with a text block and a StructuredOutput call: two assistant lines, one message.id',
    prompt: PERSON_PROMPT,
    schema: SCHEMA,
    script: [textThenStructured('Here is the person you asked for.', ADA)],
    maxTurns: 3,
    auth: 'api-key',
    fixtures: ['m03'],
    expected: both(
      {
        exitCode: 0,
        result: success(ADA),
        structuredOutputOffered: true,
        structuredCalls: [ADA],
        structuredResults: [ACCEPTED],
      },
      { ok: true, data: ADA, source: 'structured_output' },
    ),
  },
  {
    name: 'invalid-then-valid',
    summary:
      'the first call fails the schema (is_error tool_result), the CLI lets the model retry, the second is valid',
    prompt: PERSON_PROMPT,
    schema: SCHEMA,
    script: [structured(INVALID_PERSON), structured(ADA)],
    maxTurns: 3,
    auth: 'api-key',
    fixtures: ['m05'],
    expected: both(
      {
        exitCode: 0,
        result: success(ADA),
        structuredOutputOffered: true,
        structuredCalls: [INVALID_PERSON, ADA],
        structuredResults: [REJECTED, ACCEPTED],
      },
      { ok: true, data: ADA, source: 'structured_output' },
    ),
  },
  {
    name: 'two-calls-one-message',
    summary: 'two valid calls in one message: the CLI runs both and the last one wins',
    prompt: PERSON_PROMPT,
    schema: SCHEMA,
    script: [toolCalls({ input: ADA }, { input: GRACE })],
    maxTurns: 3,
    auth: 'api-key',
    fixtures: ['m09'],
    expected: both(
      {
        exitCode: 0,
        result: success(GRACE),
        structuredOutputOffered: true,
        structuredCalls: [ADA, GRACE],
        structuredResults: [ACCEPTED, ACCEPTED],
      },
      { ok: true, data: GRACE, source: 'structured_output' },
    ),
  },
  {
    name: 'retries-exhausted',
    summary:
      'every call fails the schema: after 5 attempts error_max_structured_output_retries (needs --max-turns >= 6)',
    prompt: PERSON_PROMPT,
    schema: SCHEMA,
    script: [],
    whenExhausted: structured(INVALID_PERSON),
    maxTurns: 10,
    auth: 'api-key',
    fixtures: ['m06', 'm11', 'm17'],
    expected: {
      current: {
        transcript: {
          exitCode: 1,
          result: {
            subtype: 'error_max_structured_output_retries',
            isError: true,
            errors:
              /^Failed to provide valid structured output after 5 attempts — last StructuredOutput error: Output does not match/,
          },
          structuredOutputOffered: true,
          structuredResults: [REJECTED, REJECTED, REJECTED, REJECTED, REJECTED],
          mainRequests: 5,
        },
        outcome: { ok: false, code: 'structured_output_retries_exhausted' },
      },
      old: {
        transcript: {
          exitCode: 1,
          result: {
            subtype: 'error_max_structured_output_retries',
            isError: true,
            errors: /^Failed to provide valid structured output after 5 attempts$/,
          },
          structuredOutputOffered: true,
          structuredResults: [REJECTED, REJECTED, REJECTED, REJECTED, REJECTED],
          mainRequests: 5,
        },
        outcome: { ok: false, code: 'structured_output_retries_exhausted' },
      },
    },
  },
  {
    name: 'never-calls-tool',
    summary:
      'the model only writes prose: 2.1.330 nudges once then ends in success without structured_output; 2.1.186 repeats a Stop-hook nudge until max turns',
    prompt: PERSON_PROMPT,
    schema: SCHEMA,
    script: [],
    whenExhausted: text(PROSE),
    maxTurns: 3,
    auth: 'api-key',
    fixtures: ['m07', 'm12', 'm18'],
    expected: {
      current: {
        transcript: {
          exitCode: 0,
          result: { subtype: 'success', isError: false, resultText: PROSE },
          structuredOutputOffered: true,
          structuredCalls: [],
          nudges: 1,
          mainRequests: 2,
        },
        outcome: { ok: false, code: 'no_structured_output' },
      },
      old: {
        transcript: {
          exitCode: 1,
          result: {
            subtype: 'error_max_turns',
            isError: true,
            errors: /^Reached maximum number of turns \(3\)$/,
          },
          structuredOutputOffered: true,
          structuredCalls: [],
          nudges: 3,
          mainRequests: 3,
        },
        outcome: { ok: false, code: 'max_turns' },
      },
    },
  },
  {
    name: 'prose-with-json',
    summary:
      'the model never calls the tool but writes the object as a JSON block: only the deprecated text extractors can find it',
    prompt: PERSON_PROMPT,
    schema: SCHEMA,
    script: [],
    whenExhausted: text(PROSE_WITH_JSON),
    maxTurns: 3,
    auth: 'api-key',
    fixtures: ['m07'],
    expected: {
      current: {
        transcript: {
          exitCode: 0,
          result: { subtype: 'success', isError: false, resultText: PROSE_WITH_JSON },
          structuredOutputOffered: true,
          structuredCalls: [],
          nudges: 1,
        },
        outcome: { ok: true, data: ADA, source: 'legacy_text' },
      },
      old: {
        transcript: {
          exitCode: 1,
          result: { subtype: 'error_max_turns', isError: true },
          structuredOutputOffered: true,
          structuredCalls: [],
          nudges: 3,
        },
        outcome: { ok: true, data: ADA, source: 'legacy_text' },
      },
    },
  },
  {
    name: 'max-turns-before-tool',
    summary:
      'the model spends its only turn (--max-turns 1) on another tool: error_max_turns before any StructuredOutput',
    prompt: PERSON_PROMPT,
    schema: SCHEMA,
    script: [toolCall('Read', { file_path: '/nonexistent/puffin-mock-input.txt' }), structured(ADA)],
    maxTurns: 1,
    auth: 'api-key',
    fixtures: ['m08'],
    expected: both(
      {
        exitCode: 1,
        result: {
          subtype: 'error_max_turns',
          isError: true,
          errors: /^Reached maximum number of turns \(1\)$/,
        },
        structuredOutputOffered: true,
        structuredCalls: [],
        mainRequests: 1,
      },
      { ok: false, code: 'max_turns' },
    ),
  },
  {
    name: 'valid-then-max-turns',
    summary:
      'a valid call in the only turn (--max-turns 1): 2.1.330 ends there with success; 2.1.186 wants another turn and reports error_max_turns, the object only in the tool_use',
    prompt: PERSON_PROMPT,
    schema: SCHEMA,
    script: [structured(ADA)],
    maxTurns: 1,
    auth: 'api-key',
    fixtures: ['m13', 'm16'],
    expected: {
      current: {
        transcript: {
          exitCode: 0,
          result: success(ADA),
          structuredOutputOffered: true,
          structuredCalls: [ADA],
          structuredResults: [ACCEPTED],
          mainRequests: 1,
        },
        outcome: { ok: true, data: ADA, source: 'structured_output' },
      },
      old: {
        transcript: {
          exitCode: 1,
          result: {
            subtype: 'error_max_turns',
            isError: true,
            errors: /^Reached maximum number of turns \(1\)$/,
          },
          structuredOutputOffered: true,
          structuredCalls: [ADA],
          structuredResults: [ACCEPTED],
          mainRequests: 1,
        },
        outcome: { ok: true, data: ADA, source: 'tool_use' },
      },
    },
  },
  {
    name: 'not-logged-in',
    summary:
      'no API key, empty HOME: a synthetic "Not logged in" message, result success with is_error true, exit 1',
    prompt: 'Say hi',
    schema: SCHEMA,
    script: [],
    maxTurns: 3,
    auth: 'none',
    fixtures: ['m19', 'm20'],
    expected: both(
      {
        exitCode: 1,
        result: { subtype: 'success', isError: true, resultText: NOT_LOGGED_IN },
        stderr: /^$/,
        structuredOutputOffered: true,
        structuredCalls: [],
        mainRequests: 0,
      },
      { ok: false, code: 'not_logged_in' },
    ),
  },
  apiErrorScenario('auth-rejected-401', 401, /^Failed to authenticate\. API Error: 401 /, 'not_logged_in'),
  apiErrorScenario('rate-limited-429', 429, /^API Error: Request rejected \(429\)/, 'rate_limited', 1),
  apiErrorScenario('overloaded-529', 529, /^API Error: 529 .*overloaded_error/, 'overloaded'),
  apiErrorScenario('server-error-500', 500, /^API Error: 500 /, 'api_error'),
  {
    name: 'transient-529-cli-retries',
    summary:
      'one 529, then a valid call: with CLAUDE_CODE_MAX_RETRIES=1 the CLI retries by itself (system/api_retry)',
    prompt: PERSON_PROMPT,
    schema: SCHEMA,
    script: [httpError(529), structured(ADA)],
    maxTurns: 3,
    cliMaxRetries: 1,
    auth: 'api-key',
    fixtures: [],
    expected: both(
      {
        exitCode: 0,
        result: success(ADA),
        structuredOutputOffered: true,
        structuredCalls: [ADA],
        apiRetries: 1,
      },
      { ok: true, data: ADA, source: 'structured_output' },
    ),
  },
  {
    name: 'overloaded-mid-stream',
    summary:
      'every stream breaks off with an SSE overloaded_error; the CLI falls back to one non-streaming request (HTTP 529) and reports that',
    prompt: PERSON_PROMPT,
    schema: SCHEMA,
    script: [streamError({ partialText: 'Let me', times: Infinity })],
    maxTurns: 3,
    auth: 'api-key',
    fixtures: [],
    expected: both(
      {
        exitCode: 1,
        result: { subtype: 'success', isError: true, resultText: /^API Error: 529 /, apiErrorStatus: 529 },
        structuredOutputOffered: true,
        structuredCalls: [],
        mainRequests: 2,
      },
      { ok: false, code: 'overloaded' },
    ),
  },
  {
    name: 'mid-stream-error-recovers',
    summary:
      'one stream breaks off with overloaded_error; the CLI retries without streaming (even with its own retries off) and succeeds, printing nothing of the broken stream',
    prompt: PERSON_PROMPT,
    schema: SCHEMA,
    script: [streamError({ partialText: 'Let me' }), structured(ADA)],
    maxTurns: 3,
    auth: 'api-key',
    fixtures: [],
    expected: both(
      {
        exitCode: 0,
        result: success(ADA),
        structuredOutputOffered: true,
        structuredCalls: [ADA],
        structuredResults: [ACCEPTED],
        apiRetries: 0,
      },
      { ok: true, data: ADA, source: 'structured_output' },
    ),
  },
  {
    name: 'invalid-schema',
    summary:
      '2.1.330 rejects a schema draft-07 cannot compile (exit 1, stderr, no stdout); 2.1.186 silently drops it and answers in prose',
    prompt: PERSON_PROMPT,
    schema: INVALID_SCHEMA as unknown as Record<string, unknown>,
    script: [],
    maxTurns: 3,
    auth: 'api-key',
    fixtures: [],
    expected: {
      current: {
        transcript: {
          exitCode: 1,
          result: null,
          stderr: /^Error: --json-schema is not a valid JSON Schema: /,
          structuredOutputOffered: false,
          mainRequests: 0,
        },
        outcome: { ok: false, code: 'invalid_schema' },
      },
      old: {
        transcript: {
          exitCode: 0,
          result: { subtype: 'success', isError: false, resultText: 'Done.' },
          structuredOutputOffered: false,
          structuredCalls: [],
          mainRequests: 1,
        },
        outcome: { ok: false, code: 'invalid_schema' },
      },
    },
  },
];

export function cliScenario(name: string): CliScenario {
  const found = CLI_SCENARIOS.find((s) => s.name === name);
  if (!found) throw new Error(`no CLI scenario named ${name}`);
  return found;
}

/**
 * The API never answers the main-loop request. Not in CLI_SCENARIOS because it only ends when
 * the caller gives up: the CLI waits (API_TIMEOUT_MS, 10 minutes by default) with no output after init.
 */
export const HANGING_API_SCENARIO = {
  name: 'api-hangs',
  summary: 'the main-loop request never gets an answer; only a timeout or cancel ends the run',
  prompt: PERSON_PROMPT,
  schema: SCHEMA,
  script: [{ kind: 'hang' }] as MockTurn[],
  maxTurns: 3,
  auth: 'api-key' as const,
  expectedOutcome: { ok: false, code: 'timeout' } as ExpectedOutcome,
};
