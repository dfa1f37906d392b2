/**
 * The words that name the engine in use: Claude and its CLI only where Claude Code answers, the provider's own name
 * (and its server, for a local base URL) where an API engine does. Settings and errors read the same rules here.
 */
import { DEFAULT_PROVIDER, isProviderName, type ProviderName } from '../../../shared/engines';
import { engineChoiceFor, type EngineSettings } from '../../../shared/engineSettings';
import type { WorkflowName } from '../../../shared/workflows';

/** The engine a call went to (or will go to): its provider and, where one is set, its root URL. */
export interface EngineInUse {
  provider: ProviderName;
  baseUrl?: string;
}

/** The model aliases the Claude Code CLI takes; other engines take the ids their provider lists. */
export const CLAUDE_CLI_MODELS = ['sonnet', 'opus', 'haiku'] as const;

/** The engine a workflow's calls get from the saved settings (claude-cli while settings are loading). */
export function engineFor(engines: EngineSettings | undefined, workflow: WorkflowName): EngineInUse {
  if (!engines) return { provider: DEFAULT_PROVIDER };
  const { provider } = engineChoiceFor(engines, workflow);
  const baseUrl = engines.baseUrls[provider];
  return baseUrl ? { provider, baseUrl } : { provider };
}

/** The engine an error names in its details (API engines say which provider failed), else the fallback. */
export function engineOfError(
  details: unknown,
  engines: EngineSettings | undefined,
  fallback: EngineInUse | undefined,
): EngineInUse | undefined {
  const named =
    typeof details === 'object' && details !== null
      ? (details as { provider?: unknown }).provider
      : undefined;
  if (!isProviderName(named)) return fallback;
  const baseUrl = engines?.baseUrls[named];
  return baseUrl ? { provider: named, baseUrl } : { provider: named };
}

export const isClaude = (engine: EngineInUse | undefined): boolean =>
  !engine || engine.provider === 'claude-cli' || engine.provider === 'anthropic';

/** Who answers, as the start of a sentence: "Claude" for Claude's engines, else "The model". */
export const answererOf = (engine: EngineInUse | undefined): string =>
  isClaude(engine) ? 'Claude' : 'The model';

/** What a run's raw lines are: the CLI's stdout, or an API's stream. */
export const rawOutputLabel = (provider: string | undefined): string =>
  !provider || provider === 'claude-cli' ? 'raw CLI output' : 'raw output';

/** A root URL on this machine or a private network: its server, not a public status page, says what failed. */
export function isLocalUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return (
    host === 'localhost' ||
    host.endsWith('.local') ||
    host === '::1' ||
    /^127\./.test(host) ||
    /^10\./.test(host) ||
    /^192\.168\./.test(host) ||
    /^172\.(1[6-9]|2\d|3[01])\./.test(host)
  );
}

/**
 * The models the Prompt panel offers for an engine besides its default: the CLI's aliases for Claude Code, else the
 * models Settings names for the same provider (an API engine takes its provider's ids, never the CLI's aliases).
 */
export function modelChoices(engines: EngineSettings | undefined, provider: ProviderName): string[] {
  if (provider === 'claude-cli') return [...CLAUDE_CLI_MODELS];
  if (!engines) return [];
  const named = [engines.default, ...Object.values(engines.workflows)]
    .filter((c) => c.provider === provider && c.model !== '')
    .map((c) => c.model);
  return [...new Set(named)];
}

/** The model a workflow's calls get when the request names none, as Settings says ('' when the engine decides). */
export function defaultModelOf(
  engines: EngineSettings | undefined,
  workflow: WorkflowName,
  cliDefault: string,
): string {
  const choice = engines ? engineChoiceFor(engines, workflow) : undefined;
  if (!choice || choice.provider === 'claude-cli') return choice?.model || cliDefault;
  return choice.model;
}
