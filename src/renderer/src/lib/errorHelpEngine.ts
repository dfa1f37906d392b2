/**
 * The error help in the words of the engine that failed: an API engine's errors name the model and the provider
 * (and the server at a custom base URL), never Claude, its CLI or Anthropic's status page.
 */
import type { ErrorCode } from '../../../shared/errors';
import { isClaude, isLocalUrl, type EngineInUse } from './engineWords';

interface Words {
  title: string;
  message: string;
  next: string;
}

/** Where to look when a provider's API keeps failing. */
function statusPlace(engine: EngineInUse): string {
  if (engine.baseUrl) {
    return isLocalUrl(engine.baseUrl)
      ? `the server at ${engine.baseUrl} is running (its log says why it failed)`
      : `the server at ${engine.baseUrl}`;
  }
  switch (engine.provider) {
    case 'anthropic':
      return 'status.anthropic.com';
    case 'openai':
      return 'status.openai.com';
    case 'ollama':
      return 'the Ollama server is running (its log says why it failed)';
    default:
      return 'the provider’s status page';
  }
}

const capitalize = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);
/** "Claude" (not "Claude Code", which is the CLI and never an API engine's word) becomes "the model". */
const neutral = (s: string) => capitalize(s.replace(/\bClaude(?![ -]Code)/g, 'the model'));

/** The words for `code` as the engine in use would have them; Claude's engines keep the entry's own. */
export function wordsForEngine(code: ErrorCode, words: Words, engine: EngineInUse | undefined): Words {
  if (!engine || engine.provider === 'claude-cli') return words;
  if (code === 'api_error')
    return {
      ...words,
      title: `The ${engine.provider} API returned an error`,
      next: `Retry in a moment; if it keeps failing, check ${statusPlace(engine)}.`,
    };
  if (code === 'no_model')
    // Main's message already says to choose a model: say it once, with the provider, in the next step.
    return {
      title: words.title,
      message: `The ${engine.provider} engine has no default model.`,
      next: `Choose a model for ${engine.provider} in Settings → Engines (List models shows what it offers), then retry.`,
    };
  if (isClaude(engine)) return words;
  return { title: neutral(words.title), message: words.message, next: neutral(words.next) };
}
