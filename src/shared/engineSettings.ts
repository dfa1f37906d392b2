/**
 * Which engine answers each workflow: a default engine and per-workflow overrides (titles on a small
 * local model, plans on a large one), and each provider's root URL. Kept in the app settings; keys never are
 * (they come from the environment or the OS keychain, see src/main/base/keyStore.ts).
 */
import { OUTPUT_MODES, isProviderName, type OutputMode, type ProviderName } from './engines';
import { isWorkflowName, type WorkflowName } from './workflows';

export interface EngineChoice {
  provider: ProviderName;
  /** Empty: the provider's default (for claude-cli the settings' `defaultModel`, else the CLI's own). */
  model: string;
  mode: OutputMode;
}

export interface EngineSettings {
  /** The engine of every workflow without its own row. */
  default: EngineChoice;
  workflows: Partial<Record<WorkflowName, EngineChoice>>;
  /** Each provider's root URL (openai: the `/v1` root); none: the provider's default (OLLAMA_HOST for ollama). */
  baseUrls: Partial<Record<ProviderName, string>>;
}

export const DEFAULT_ENGINE_CHOICE: EngineChoice = { provider: 'claude-cli', model: '', mode: 'auto' };

export function defaultEngineSettings(): EngineSettings {
  return { default: { ...DEFAULT_ENGINE_CHOICE }, workflows: {}, baseUrls: {} };
}

/**
 * The providers whose API key Settings can keep, named for the contract's checks; the variable each key is read
 * from is the provider's own (its traits' keyEnvVar, served by `engines:providers` and `keys:status`).
 */
export const KEYED_PROVIDERS = ['anthropic', 'openai', 'gemini'] as const satisfies readonly ProviderName[];
export type KeyedProvider = (typeof KEYED_PROVIDERS)[number];

export function isKeyedProvider(name: string): name is KeyedProvider {
  return (KEYED_PROVIDERS as readonly string[]).includes(name);
}

/**
 * What Settings shows of a provider, as its own folder declares it (`engines:providers`): the renderer keeps no copy
 * of these facts.
 */
export interface ProviderFacts {
  name: ProviderName;
  /** The environment variable its API key is read from; null when it takes none (or not that way). */
  keyEnvVar: string | null;
  /** Its root URL when none is set, and the hint the field shows; null when it has no URL (the CLI). */
  baseUrl: { default: string; hint: string } | null;
  /** What an empty model field means for it (e.g. "CLI default"), or how to fill it. */
  modelHint: string;
}

/** Where a provider's key comes from: the environment wins over the keychain. */
export type KeySource = 'env' | 'keychain' | 'missing';
export interface KeyStatus {
  provider: KeyedProvider;
  envVar: string;
  source: KeySource;
}
export interface KeysView {
  /** Whether keys can be stored here (the desktop's OS keychain); elsewhere only the environment. */
  canStore: boolean;
  keys: KeyStatus[];
}

/** The model ids and the root URL rules shared by the contract and the sanitizer. */
export const MODEL_PATTERN = '^[A-Za-z0-9._:/@\\[\\]-]*$';
export const BASE_URL_PATTERN = '^https?://';
const MODEL_RE = new RegExp(MODEL_PATTERN);
const BASE_URL_RE = new RegExp(BASE_URL_PATTERN);

function sanitizeChoice(raw: unknown): EngineChoice | undefined {
  if (!raw || typeof raw !== 'object') return undefined;
  const r = raw as Record<string, unknown>;
  if (!isProviderName(r.provider)) return undefined;
  const model = typeof r.model === 'string' && r.model.length <= 200 && MODEL_RE.test(r.model) ? r.model : '';
  const mode = (OUTPUT_MODES as readonly unknown[]).includes(r.mode) ? (r.mode as OutputMode) : 'auto';
  return { provider: r.provider, model, mode };
}

/** Keeps only known, well-typed parts; anything else falls back to its default. */
export function sanitizeEngineSettings(raw: unknown): EngineSettings {
  const out = defaultEngineSettings();
  if (!raw || typeof raw !== 'object') return out;
  const r = raw as Record<string, unknown>;
  out.default = sanitizeChoice(r.default) ?? out.default;
  for (const [name, choice] of Object.entries((r.workflows as Record<string, unknown>) ?? {})) {
    const c = sanitizeChoice(choice);
    if (c && isWorkflowName(name)) out.workflows[name] = c;
  }
  for (const [name, url] of Object.entries((r.baseUrls as Record<string, unknown>) ?? {})) {
    if (isProviderName(name) && typeof url === 'string' && url.length <= 2048 && BASE_URL_RE.test(url))
      out.baseUrls[name] = url;
  }
  return out;
}

/** The engine a workflow's calls get: its own row, else the default. */
export function engineChoiceFor(settings: EngineSettings, workflow: WorkflowName): EngineChoice {
  return settings.workflows[workflow] ?? settings.default;
}
