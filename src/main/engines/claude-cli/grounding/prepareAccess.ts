/**
 * Everything a call needs to run grounded or hermetic, decided before the CLI starts: its access arguments, its
 * working directory, and (grounded) the check to run over its events afterwards. A CLI build that cannot be
 * confined runs the call hermetic, with a warning saying why, rather than with unconfined reads.
 */
import { realpathSync } from 'node:fs';
import { realpath } from 'node:fs/promises';
import type { GroundingRecord, GroundingViolation } from '../../../../shared/grounding';
import type { LocatedCli } from '../locateCli';
import type { GroundingRequest } from '../../../llm/grounding/groundingRequest';
import type { CliEvent } from '../stream';
import { accessArgs } from './accessArgs';
import { auditToolCalls } from './audit';
import { loadGroundingPolicy } from '../../../llm/grounding/loadPolicy';
import type { GroundingPolicy } from '../../../llm/grounding/policy';
import type { CapabilityProbe } from './probeCapabilities';

export interface GroundingDeps {
  probe: CapabilityProbe;
  loadPolicy?: (root: string, allow: readonly string[]) => Promise<GroundingPolicy>;
}

export interface PreparedAccess {
  args: string[];
  cwd?: string;
  warnings: string[];
  /** Grounded calls only: what the model read and searched, and any forbidden call that succeeded. */
  audit?: (events: readonly CliEvent[]) => GroundingRecord;
}

/** Looking costs turns: a grounded call gets this many on top of its workflow's own. */
export const GROUNDED_EXTRA_TURNS = 12;

/** The hermetic arguments need no probe: every build Puffin supports has --tools and --strict-mcp-config. */
const HERMETIC = accessArgs(
  { kind: 'hermetic' },
  { version: null, tools: true, restricted: false, settingSources: false, disallowedTools: false },
);

function hermetic(warnings: string[] = []): PreparedAccess {
  return { args: HERMETIC.ok ? HERMETIC.args : [], warnings };
}

function realpathOrNull(abs: string): string | null {
  try {
    return realpathSync.native(abs);
  } catch {
    return null;
  }
}

export async function prepareAccess(
  request: GroundingRequest | undefined,
  cli: LocatedCli,
  env: NodeJS.ProcessEnv,
  deps: GroundingDeps,
): Promise<PreparedAccess> {
  if (!request) return hermetic();
  const root = await realpath(request.root);
  // The policy the call's map was built under, when it came with the request: asking git again costs a walk of
  // every folder of the project.
  const [caps, policy] = await Promise.all([
    deps.probe(cli, env),
    request.policy ?? (deps.loadPolicy ?? loadGroundingPolicy)(root, request.allow ?? []),
  ]);
  const built = accessArgs({ kind: 'grounded', policy }, caps);
  if (!built.ok) {
    return hermetic([
      `Claude Code ${caps.version ?? '(unknown version)'} cannot keep reads inside the project (it has no ` +
        `${built.missing.join(', ')}), so this call ran without project access. Update Claude Code to ground it.`,
    ]);
  }
  return {
    args: built.args,
    cwd: root,
    warnings: policy.warnings,
    audit: (events) => auditToolCalls(events, { root, policy, realpath: realpathOrNull }),
  };
}

const WHY: Record<GroundingViolation['reason'], (tool: string) => string> = {
  outside: () => 'it is outside the project',
  sensitive: () => 'the file holds secrets',
  ignored: () => 'git ignores it',
  tool_not_allowed: (tool) => `${tool} is not a read-only tool`,
};

/** One warning per forbidden call that succeeded: each means the engine's confinement failed. */
export function violationWarnings(record: GroundingRecord): string[] {
  return record.violations.map(
    (v) =>
      `the model's ${v.tool} call on "${v.target}" succeeded although ${WHY[v.reason](v.tool)}; Puffin did not allow it`,
  );
}

/** A grounded call's result: what was read, and a warning for each forbidden call that succeeded. */
export function groundedResult<R extends { warnings: string[] }>(
  result: R,
  record: GroundingRecord,
): R & { grounding: GroundingRecord } {
  const violations = violationWarnings(record);
  return {
    ...result,
    grounding: record,
    ...(violations.length ? { warnings: [...result.warnings, ...violations] } : {}),
  };
}
