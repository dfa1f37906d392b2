/**
 * The capability table's shared rules: a provider lists the ways it offers and the models known NOT to support a
 * way; any other model is assumed to support the provider's ways (OpenAI-compatible servers such as vLLM,
 * llama.cpp or LM Studio take json_schema and forced tools). `auto` prefers native structured output; a model that
 * supports neither, or not the mode asked for, fails with structured_output_unsupported naming the model: never a
 * silent fallback to prose.
 */
import type { OutputMode } from '../../shared/engines';
import { PromptError } from '../llm/errors';
import type { Provider, StructuredSupport } from './provider';

/** A model (by pattern) that lacks a way, and why. */
export interface ModelException extends StructuredSupport {
  match: RegExp;
  why: string;
}

/** A model name without a router's vendor prefix (`openai/gpt-4o` on OpenRouter) or Gemini's `models/`. */
function bareModel(model: string): string {
  return model.replace(/^models\//, '').replace(/^[^/]+\//, '');
}

/** What `model` supports: the provider's ways, less what its exception (if any) lacks. */
export function supportFrom(
  ways: StructuredSupport,
  exceptions: readonly ModelException[],
  model: string,
): StructuredSupport {
  const exception = exceptions.find((e) => e.match.test(bareModel(model)));
  if (!exception) return { native: ways.native, tool: ways.tool };
  return { native: ways.native && exception.native, tool: ways.tool && exception.tool, why: exception.why };
}

/** The mode a call uses, or a typed refusal naming the model. */
export function chooseMode(
  provider: Pick<Provider, 'name' | 'support'>,
  model: string,
  asked: OutputMode,
): 'native' | 'tool' {
  const support = provider.support(model);
  const fail = (what: string) =>
    new PromptError('structured_output_unsupported', {
      detail: `${provider.name} model "${model}" ${what}${support.why ? ` (${support.why})` : ''}`,
      diagnostics: { provider: provider.name, model },
    });
  if (asked === 'auto') {
    if (support.native) return 'native';
    if (support.tool) return 'tool';
    throw fail('supports neither native structured output nor a forced tool call');
  }
  if (!support[asked]) {
    const way = asked === 'native' ? 'native structured output' : 'a forced tool call';
    throw fail(`does not support ${way}; use --mode ${asked === 'native' ? 'tool' : 'native'} or auto`);
  }
  return asked;
}
