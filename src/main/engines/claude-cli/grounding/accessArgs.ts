/**
 * The part of the CLI's argv that decides what the model may touch: nothing (hermetic) or the project, read-only
 * (grounded). The project itself is the CLI's working directory; nothing is added with `--add-dir` (measured:
 * both builds then read there too).
 *
 * Grounded, measured on 2.1.330 and 2.1.186 in print mode (test/grounding/confinement.real-cli.test.ts):
 * - `--tools Read,Glob,Grep` is what limits the offer: Write, Edit, Bash, WebFetch, NotebookEdit, Agent/Task are
 *   "No such tool available". `--allowedTools` would only pre-approve and leave them all offered.
 * - Reads outside the working directory (`..`, absolute paths, symlinks out, Grep/Glob on such a folder) are refused
 *   by default, but a user settings file (both builds) or the project's `.claude/settings.json` (2.1.186) can allow
 *   them: `--setting-sources ""` leaves those files out, `--restricted` (2.1.330) also ignores them and refuses
 *   outside paths explicitly. Auth does not come from those files, so a logged-in CLI stays logged in.
 * - Nothing refuses `.env` or a private key but a deny rule; a `Read(...)` rule also refuses Grep and Glob there
 *   and drops the files from their results.
 * - No MCP server is started (`--strict-mcp-config` with an empty config).
 */
import { EMPTY_MCP_CONFIG } from '../cliArgs';
import { missingForGrounding, type CliCapabilities } from './capabilities';
import type { GroundingPolicy } from '../../../llm/grounding/policy';

/** The only tools a grounded call offers (besides StructuredOutput, which the CLI adds for --json-schema). */
export const READ_ONLY_TOOLS = ['Read', 'Glob', 'Grep'] as const;

export type EngineAccess =
  { kind: 'hermetic' } | { kind: 'grounded'; policy: Pick<GroundingPolicy, 'denyRules'> };

export type AccessArgs = { ok: true; args: string[] } | { ok: false; missing: string[] };

export function accessArgs(access: EngineAccess, caps: CliCapabilities): AccessArgs {
  const noMcp = ['--strict-mcp-config', '--mcp-config', EMPTY_MCP_CONFIG];
  if (access.kind === 'hermetic') {
    return caps.tools ? { ok: true, args: [...noMcp, '--tools', ''] } : { ok: false, missing: ['--tools'] };
  }
  const missing = missingForGrounding(caps);
  if (missing.length > 0) return { ok: false, missing };
  const args = [...noMcp, '--tools', READ_ONLY_TOOLS.join(',')];
  if (caps.settingSources) args.push('--setting-sources', '');
  if (caps.restricted) args.push('--restricted');
  // Variadic: it comes last, so it cannot swallow another flag's value (the prompt is on stdin anyway).
  if (access.policy.denyRules.length > 0) args.push('--disallowedTools', ...access.policy.denyRules);
  return { ok: true, args };
}
