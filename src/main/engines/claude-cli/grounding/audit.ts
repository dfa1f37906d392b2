/**
 * Puffin's own check of a grounded call, from what the CLI printed: every tool call the model made (assistant
 * tool_use), what came back (tool_result), and what the CLI refused (result.permission_denials). It records what was
 * read and searched, and flags any call that succeeded although the policy forbids it, so confinement is checked by
 * Puffin and not only left to the engine (or to the prompt).
 */
import path from 'node:path';
import type {
  GroundingRecord,
  GroundingRefusal,
  GroundingSearch,
  GroundingViolation,
  RefusalReason,
} from '../../../../shared/grounding';
import type { CliEvent } from '../stream';
import { READ_ONLY_TOOLS } from './accessArgs';
import type { GroundingPolicy } from '../../../llm/grounding/policy';
import { listedPaths, targetOf } from './toolCalls';

export interface AuditContext {
  /** The project's real path (the CLI's working directory). */
  root: string;
  policy: Pick<GroundingPolicy, 'classify'>;
  /** Resolves symlinks; null when the path does not exist. Default: the lexical path (pure). */
  realpath?: (abs: string) => string | null;
}

interface ToolCall {
  id: string;
  name: string;
  input: Record<string, unknown>;
  messageId: string | undefined;
}

const STRUCTURED_OUTPUT = 'StructuredOutput';
const PROJECT_TOOLS: ReadonlySet<string> = new Set(READ_ONLY_TOOLS);
/** How the CLI words a refusal (permission, deny rule, --restricted, a tool it never offered). */
const REFUSAL_TEXT =
  /No such tool available|denied by your permission settings|has been denied|haven't granted|confines the file tools|outside the allowed working directories/i;
const MESSAGE_LIMIT = 240;

function deniedIds(events: readonly CliEvent[]): Set<string> {
  const ids = new Set<string>();
  for (const e of events) {
    if (e.kind !== 'result') continue;
    const denials = e.raw.permission_denials;
    if (!Array.isArray(denials)) continue;
    for (const d of denials as { tool_use_id?: unknown }[]) {
      if (typeof d?.tool_use_id === 'string') ids.add(d.tool_use_id);
    }
  }
  return ids;
}

function collectCalls(events: readonly CliEvent[]): ToolCall[] {
  const calls: ToolCall[] = [];
  for (const e of events) {
    if (e.kind !== 'assistant') continue;
    for (const b of e.blocks) {
      if (b.type !== 'tool_use' || b.name === STRUCTURED_OUTPUT) continue;
      const input = b.input && typeof b.input === 'object' ? (b.input as Record<string, unknown>) : {};
      calls.push({ id: b.id, name: b.name, input, messageId: e.messageId });
    }
  }
  return calls;
}

export function auditToolCalls(events: readonly CliEvent[], ctx: AuditContext): GroundingRecord {
  const results = new Map<string, { isError: boolean; content: string }>();
  for (const e of events) if (e.kind === 'tool_result') results.set(e.toolUseId, e);
  const denied = deniedIds(events);
  const real = ctx.realpath ?? ((abs: string) => abs);

  /** Where a path the model named really is: relative to the project, or 'outside'. */
  const locate = (named: string): { rel: string } | { outside: true } => {
    const abs = path.resolve(ctx.root, named);
    const rel = path.relative(ctx.root, real(abs) ?? abs);
    if (rel === '..' || rel.startsWith(`..${path.sep}`) || path.isAbsolute(rel)) return { outside: true };
    return { rel: rel.split(path.sep).join('/') };
  };
  const verdict = (named: string): RefusalReason | null => {
    const where = locate(named);
    return 'outside' in where ? 'outside' : ctx.policy.classify(where.rel);
  };

  const filesRead: string[] = [];
  const searches: GroundingSearch[] = [];
  const refused: GroundingRefusal[] = [];
  const violations: GroundingViolation[] = [];
  const calls = collectCalls(events);

  for (const call of calls) {
    const result = results.get(call.id);
    const target = targetOf(call.name, call.input);
    if (denied.has(call.id) || (result?.isError && REFUSAL_TEXT.test(result.content))) {
      const message = (result?.content ?? 'refused').replace(/<\/?tool_use_error>/g, '').trim();
      refused.push({ tool: call.name, target, message: message.slice(0, MESSAGE_LIMIT) });
      continue;
    }
    // Not run (the run ended first) or failed for another reason (a file that does not exist): nothing was read.
    if (!result || result.isError) continue;
    if (!PROJECT_TOOLS.has(call.name)) {
      violations.push({ tool: call.name, target, reason: 'tool_not_allowed' });
      continue;
    }
    const named = target === '' ? '.' : target;
    const reason = verdict(named);
    if (reason) violations.push({ tool: call.name, target, reason });
    if (call.name === 'Read') {
      const where = locate(named);
      if (!reason && 'rel' in where && !filesRead.includes(where.rel)) filesRead.push(where.rel);
      continue;
    }
    const listed = listedPaths(call.name, result.content);
    // Both builds list found files relative to the working directory (or absolute): either resolves from the root.
    for (const p of listed) {
      const why = verdict(p);
      if (why) violations.push({ tool: call.name, target: p, reason: why });
    }
    searches.push(searchOf(call, locate, listed.length));
  }

  const turnIds = new Set(calls.map((c, i) => c.messageId ?? `call-${i}`));
  return { filesRead, searches, refused, violations, toolTurns: turnIds.size, toolCalls: calls.length };
}

function searchOf(
  call: ToolCall,
  locate: (named: string) => { rel: string } | { outside: true },
  matches: number,
): GroundingSearch {
  const str = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
  const where = str(call.input.path);
  const rel = where ? locate(where) : undefined;
  const glob = str(call.input.glob);
  return {
    tool: call.name === 'Glob' ? 'Glob' : 'Grep',
    pattern: str(call.input.pattern) ?? '',
    ...(rel && 'rel' in rel && rel.rel !== '' ? { path: rel.rel } : {}),
    ...(glob ? { glob } : {}),
    matches,
  };
}
