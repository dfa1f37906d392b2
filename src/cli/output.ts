/** The one-object outputs: a success from an answer and the CLI calls made for it, and the error object. */
import { familyOf } from '../shared/errors';
import type { IpcErrorData } from '../shared/ipc/errors';
import type { Generation, GenerationMeta, GenerationSource } from '../shared/stories';
import { HEADLESS_ADVICE } from './headlessAdvice';
import { printJson, type CliIo } from './io';
import type { CliErrorData, Section6 } from './spec';

/** The least direct way any call got its data: one legacy-text answer makes the whole result legacy. */
const RANK: Record<GenerationSource, number> = { structured_output: 0, tool_use: 1, legacy_text: 2 };

const sum = (values: (number | null)[]): number | null => {
  const known = values.filter((v): v is number => v !== null);
  return known.length === 0 ? null : known.reduce((a, b) => a + b, 0);
};
const last = <T>(values: (T | null)[]): T | null => values.filter((v) => v !== null).at(-1) ?? null;

/**
 * Other engines: calls answered by another engine than the Claude Code CLI name it in `meta` —
 * provider, model and mode of the last of them. Nothing for CLI-only calls (their meta stays as it was).
 */
export function engineMeta(metas: readonly GenerationMeta[]): {
  provider?: string;
  model?: string | null;
  mode?: string | null;
} {
  const other = metas.filter((m) => m.provider !== 'claude-cli').at(-1);
  return other ? { provider: other.provider, model: other.model, mode: other.mode ?? null } : {};
}

/** source, warnings and meta of the CLI calls a command made (their history records); none: null, [], {}. */
export function callsSummary(records: readonly Generation[]): Omit<Section6, 'data'> {
  const done = records.filter((r) => r.status !== 'running');
  if (done.length === 0) return { source: null, warnings: [], meta: {} };
  const sources = done.flatMap((r) => (r.source ? [r.source] : []));
  const meta = done.map((r) => r.meta);
  const failures = done.flatMap((r) =>
    r.status === 'failed' && r.error ? [{ generationId: r.id, ...errorData(r.error) }] : [],
  );
  return {
    source: sources.length ? sources.reduce((a, b) => (RANK[b] > RANK[a] ? b : a)) : null,
    warnings: done.flatMap((r) => r.warnings),
    meta: {
      cliVersion: last(meta.map((m) => m.cliVersion)),
      costUsd: sum(meta.map((m) => m.costUsd)),
      turns: sum(meta.map((m) => m.turns)),
      durationMs: sum(meta.map((m) => m.durationMs)),
      sessionId: last(meta.map((m) => m.sessionId)),
      ...engineMeta(meta),
      generationIds: done.map((r) => r.id),
      // Calls that failed while the command went on (e.g. one story's assertions): what each said, with evidence.
      ...(failures.length ? { failures } : {}),
      // Grounded calls: every file the model read for this command, each once.
      ...(done.some((r) => r.grounding)
        ? { read: [...new Set(done.flatMap((r) => r.grounding?.filesRead ?? []))] }
        : {}),
    },
  };
}

/** What of a prompt failure's diagnostics the command line prints: the evidence, not the raw stdout lines. */
const PROMPT_EVIDENCE = [
  'validationErrors',
  'errors',
  'resultSubtype',
  'exitCode',
  'signal',
  'retryAfterMs',
] as const;

/** The CLI's last stderr lines printed with a failure: enough to see why it stopped, on one JSON line. */
export const STDERR_LINES = 20;
const STDERR_CHARS = 4000;

/** The last non-empty lines of the CLI's stderr (cut to the last characters when the lines are huge). */
function stderrTail(text: unknown): string | undefined {
  if (typeof text !== 'string') return undefined;
  const tail = text
    .split('\n')
    .filter((l) => l.trim() !== '')
    .slice(-STDERR_LINES)
    .join('\n');
  return tail === '' ? undefined : tail.slice(-STDERR_CHARS);
}

function promptEvidence(details: unknown): Record<string, unknown> | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const d = details as Record<string, unknown>;
  const all: Record<string, unknown> = { ...d, stderrTail: stderrTail(d.stderrTail) };
  const kept = [...PROMPT_EVIDENCE, 'stderrTail' as const]
    .filter((k) => all[k] !== undefined && all[k] !== null)
    .map((k) => [k, all[k]]);
  const nonEmpty = kept.filter(([, v]) => !Array.isArray(v) || v.length > 0);
  return nonEmpty.length ? Object.fromEntries(nonEmpty) : undefined;
}

/**
 * The error object of a failed request: main's message, then what to do about it on the command line. A prompt
 * failure's details are only its evidence (which schema paths failed, the CLI's own errors, the last lines of its
 * stderr): its raw lines are too much for one line of JSON (`history/<id>.raw.jsonl` keeps them); other details
 * are kept.
 */
export function errorData(error: IpcErrorData): CliErrorData {
  const { code, details } = error;
  const message = `${error.message} ${HEADLESS_ADVICE[code]}`;
  const kept = familyOf(code) === 'prompt' ? promptEvidence(details) : details;
  return kept === undefined ? { code, message } : { code, message, details: kept };
}

/** Prints `{"error": {...}}` and returns exit code 1. */
export function printError(io: CliIo, error: CliErrorData): number {
  printJson(io, { error });
  return 1;
}
