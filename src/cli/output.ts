/** The DESIGN §6 objects: a success from an answer and the CLI calls made for it, and the error object. */
import { familyOf } from '../shared/errors';
import type { IpcErrorData } from '../shared/ipc/errors';
import type { Generation, GenerationSource } from '../shared/stories';
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

/** source, warnings and meta of the CLI calls a command made (their history records); none: null, [], {}. */
export function callsSummary(records: readonly Generation[]): Omit<Section6, 'data'> {
  const done = records.filter((r) => r.status !== 'running');
  if (done.length === 0) return { source: null, warnings: [], meta: {} };
  const sources = done.flatMap((r) => (r.source ? [r.source] : []));
  const meta = done.map((r) => r.meta);
  return {
    source: sources.length ? sources.reduce((a, b) => (RANK[b] > RANK[a] ? b : a)) : null,
    warnings: done.flatMap((r) => r.warnings),
    meta: {
      cliVersion: last(meta.map((m) => m.cliVersion)),
      costUsd: sum(meta.map((m) => m.costUsd)),
      turns: sum(meta.map((m) => m.turns)),
      durationMs: sum(meta.map((m) => m.durationMs)),
      sessionId: last(meta.map((m) => m.sessionId)),
      generationIds: done.map((r) => r.id),
      // Grounded calls: every file the model read for this command, each once.
      ...(done.some((r) => r.grounding)
        ? { read: [...new Set(done.flatMap((r) => r.grounding?.filesRead ?? []))] }
        : {}),
    },
  };
}

/** What of a prompt failure's diagnostics the command line prints: the evidence, not the raw stdout and stderr. */
const PROMPT_EVIDENCE = [
  'validationErrors',
  'errors',
  'resultSubtype',
  'exitCode',
  'signal',
  'retryAfterMs',
] as const;

function promptEvidence(details: unknown): Record<string, unknown> | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const d = details as Record<string, unknown>;
  const kept = PROMPT_EVIDENCE.filter((k) => d[k] !== undefined && d[k] !== null).map((k) => [k, d[k]]);
  const nonEmpty = kept.filter(([, v]) => !Array.isArray(v) || v.length > 0);
  return nonEmpty.length ? Object.fromEntries(nonEmpty) : undefined;
}

/**
 * The error object of a failed request: main's message, then what to do about it on the command line. A prompt
 * failure's details are only its evidence (which schema paths failed, the CLI's own errors): its raw lines and
 * stderr are too much for one line of JSON; other details are kept.
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
