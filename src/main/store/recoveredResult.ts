/**
 * A run Puffin did not live to store (killed after the CLI printed its result, before the record was final) is not
 * thrown away when the raw lines on disk hold the CLI's result line: the record becomes that result, with its cost,
 * turns and session, so the money spent shows and the answer can still be read in History.
 */
import type { Generation, ReviewDraft } from '../../shared/stories';

/** The run's record as its result line says it ended, or null when the lines hold no result. */
export function recoveredFromRawLines(
  record: Generation,
  lines: readonly string[],
  finishedAt: string,
): Generation | null {
  const result = lastOfType(lines, 'result');
  if (!result) return null;
  const init = firstOfType(lines, 'system');
  const meta = {
    ...record.meta,
    costUsd: num(result.total_cost_usd) ?? record.meta.costUsd,
    turns: num(result.num_turns) ?? record.meta.turns,
    durationMs: num(result.duration_ms) ?? record.meta.durationMs,
    sessionId: str(result.session_id) ?? record.meta.sessionId,
    ...(str(init?.claude_code_version) ? { cliVersion: str(init?.claude_code_version)! } : {}),
    ...(str(init?.model) ? { model: str(init?.model)! } : {}),
  };
  const { owner: _owner, ...ended } = record; // an ended run has no owner any more
  void _owner;
  const base = { ...ended, meta, finishedAt };
  const ok = result.is_error !== true && (result.subtype === undefined || result.subtype === 'success');
  if (!ok)
    return {
      ...base,
      status: 'failed',
      error: {
        code: 'interrupted',
        message: `Puffin stopped after the CLI ended with an error (${str(result.subtype) ?? 'is_error'}).`,
      },
    };
  const answer = answerOf(record.kind, result);
  return {
    ...base,
    status: 'succeeded',
    warnings: [
      ...record.warnings,
      'Puffin stopped before it stored this answer; it was recovered from the CLI’s result line when the project ' +
        'opened again, and was not applied (run the step again to use it).',
    ],
    ...answer,
  };
}

/** What the record itself keeps of the answer: the stories of a stories round, the markdown of a prompt. */
function answerOf(kind: Generation['kind'], result: Record<string, unknown>): Partial<Generation> {
  if (kind === 'prompt') {
    const text = str(result.result);
    return text !== undefined ? { markdown: text } : {};
  }
  if (kind !== 'derive' && kind !== 'modify' && kind !== 'story-regen') return {};
  const output = result.structured_output as { stories?: unknown } | undefined;
  if (!Array.isArray(output?.stories)) return {};
  const stories = output.stories.filter(isDraft).map((s): ReviewDraft => ({
    title: s.title,
    description: s.description,
    acceptanceCriteria: [...s.acceptanceCriteria],
    locked: false,
  }));
  return stories.length === output.stories.length ? { stories } : {};
}

function isDraft(v: unknown): v is Omit<ReviewDraft, 'locked'> {
  const d = v as Record<string, unknown> | null;
  return (
    typeof d?.title === 'string' &&
    typeof d.description === 'string' &&
    Array.isArray(d.acceptanceCriteria) &&
    d.acceptanceCriteria.every((c) => typeof c === 'string')
  );
}

/** Lines are searched from the end: the result is the CLI's last line. */
function lastOfType(lines: readonly string[], type: string): Record<string, unknown> | undefined {
  for (let i = lines.length - 1; i >= 0; i--) {
    const line = parsed(lines[i]!, type);
    if (line) return line;
  }
  return undefined;
}

function firstOfType(lines: readonly string[], type: string): Record<string, unknown> | undefined {
  for (const l of lines) {
    const line = parsed(l, type);
    if (line) return line;
  }
  return undefined;
}

function parsed(line: string, type: string): Record<string, unknown> | undefined {
  if (!line.includes(`"${type}"`)) return undefined; // cheap: most lines are not the one looked for
  try {
    const v = JSON.parse(line) as unknown;
    return v && typeof v === 'object' && (v as { type?: unknown }).type === type
      ? (v as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const str = (v: unknown) => (typeof v === 'string' ? v : undefined);
