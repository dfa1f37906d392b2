/**
 * The CLI's argv, each flag its own element, the prompt never among them (it goes on stdin:
 * size, quoting, and the variadic --tools/--mcp-config flags that would swallow a positional prompt).
 */
import type { JsonSchema } from '../../llm/schemas';

export interface CliArgsOptions {
  schema?: JsonSchema;
  maxTurns: number;
  model?: string;
  fallbackModel?: string;
  /** Adds --include-partial-messages (stream_event lines with input_json_delta, for a live preview). */
  includePartialMessages?: boolean;
  /**
   * One-shot calls: no MCP servers from the user's or project's config (`--strict-mcp-config` with an empty
   * config) and no built-in tools (`--tools ""`). Both flags exist in 2.1.186 and 2.1.330, and StructuredOutput
   * stays available with them (it is not a built-in tool; checked against both builds). We never disallow it.
   */
  hermetic?: boolean;
  /** --max-budget-usd (both builds have it): the CLI ends the call as `max_budget` past this cost. */
  maxBudgetUsd?: number;
}

/** An empty MCP configuration, passed inline (both builds accept a JSON string for --mcp-config). */
export const EMPTY_MCP_CONFIG = '{"mcpServers":{}}';

/** A structured-output call needs a turn for the tool call and older CLIs another to acknowledge it. */
export const MIN_TURNS_WITH_SCHEMA = 2;

export function effectiveMaxTurns(maxTurns: number, withSchema: boolean): number {
  const turns = Number.isFinite(maxTurns) ? Math.max(1, Math.floor(maxTurns)) : MIN_TURNS_WITH_SCHEMA;
  return withSchema ? Math.max(MIN_TURNS_WITH_SCHEMA, turns) : turns;
}

export function buildCliArgs(options: CliArgsOptions): string[] {
  const args = ['-p', '--output-format', 'stream-json', '--verbose'];
  if (options.schema) args.push('--json-schema', JSON.stringify(options.schema));
  args.push('--max-turns', String(effectiveMaxTurns(options.maxTurns, options.schema !== undefined)));
  if (options.model) args.push('--model', options.model);
  if (options.fallbackModel) args.push('--fallback-model', options.fallbackModel);
  if (options.includePartialMessages) args.push('--include-partial-messages');
  if (options.maxBudgetUsd !== undefined) args.push('--max-budget-usd', String(options.maxBudgetUsd));
  if (options.hermetic) args.push('--strict-mcp-config', '--mcp-config', EMPTY_MCP_CONFIG, '--tools', '');
  return args;
}
