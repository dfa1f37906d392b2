// The shape of one build's measurements, written by test/cli-builds/build.probe.ts and read by cliBuildsTable.mjs.

/** What Puffin's sendPrompt made of a run: the data and where it came from, or the failure's code. */
export type PuffinOutcome = { ok: true; source: string; data: unknown } | { ok: false; code: string };

export interface ResultObservation {
  subtype: string;
  isError: boolean;
  /** The result line's first key ("type" before 2.1.218). */
  firstKey: string;
  hasStructuredOutput: boolean;
  /** `errors[0]`, else the result text, bounded. */
  message: string;
}

export interface CliObservation {
  exitCode: number | null;
  /** The first non-empty stderr line, bounded. */
  stderr: string;
  /** Whether the init line lists StructuredOutput; null without an init line. */
  offersStructuredOutput: boolean | null;
  result: ResultObservation | null;
  /** Synthetic user lines urging the model to call StructuredOutput. */
  nudges: number;
  /** `system/api_retry` lines. */
  apiRetries: number;
  /** `stream_event` lines (partial messages). */
  streamEvents: number;
  /** Main-loop requests the mock answered. */
  mainRequests: number;
}

export interface ScenarioObservation {
  name: string;
  cli: CliObservation;
  /** Null where Puffin's own call differs from the scenario's (it raises --max-turns 1 to 2). */
  puffin: PuffinOutcome | null;
  /** What Puffin gives on the pinned builds (2.1.330 first, then 2.1.186); either counts as right. */
  expected: PuffinOutcome[];
}

export interface FlagObservation {
  name: string;
  args: string[];
  exitCode: number | null;
  stderr: string;
  /** The tools of the init line; null without one. */
  tools: string[] | null;
  resultSubtype: string | null;
}

export interface BuildReport {
  version: string;
  /** `native`: the per-platform binary; `cli.js`: node runs the package's script. */
  kind: 'native' | 'cli.js';
  scenarios: ScenarioObservation[];
  flags: FlagObservation[];
}
