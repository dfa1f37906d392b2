/**
 * Which way each API engine can make a model return schema-true JSON, and the mode a call then uses. The table
 * lists the models known NOT to support a way; any other model is assumed to support both where the provider has
 * them (OpenAI-compatible servers such as vLLM, llama.cpp or LM Studio take json_schema and forced tools).
 * `auto` prefers native structured output; a model that supports neither, or not the mode asked for, fails with
 * structured_output_unsupported naming the model: never a silent fallback to prose.
 */
import type { OutputMode } from '../../shared/engines';
import { PromptError } from '../llm/errors';
import { BEDROCK_EXCEPTIONS } from './bedrock/bedrockModels';

export type ApiProviderName = 'openai' | 'ollama' | 'gemini' | 'bedrock';

export interface StructuredSupport {
  native: boolean;
  tool: boolean;
}

interface Exception extends StructuredSupport {
  match: RegExp;
  why: string;
}

/** What the provider itself offers: Ollama cannot force a tool call, so its only way is `format` (native). */
const PROVIDER_WAYS: Record<ApiProviderName, StructuredSupport> = {
  openai: { native: true, tool: true },
  ollama: { native: true, tool: false },
  gemini: { native: true, tool: true },
  bedrock: { native: true, tool: true },
};

const EXCEPTIONS: Record<ApiProviderName, readonly Exception[]> = {
  openai: [
    { match: /^o1-(mini|preview)/, native: false, tool: false, why: 'no structured outputs and no tools' },
    {
      match: /^(gpt-3\.5-turbo-instruct|davinci|babbage|text-)/,
      native: false,
      tool: false,
      why: 'a completions-only model',
    },
    { match: /^gpt-3\.5-turbo/, native: false, tool: true, why: 'no json_schema response format' },
    {
      match: /^gpt-4(-\d{4}|-turbo|-32k)?(-|$)/,
      native: false,
      tool: true,
      why: 'no json_schema response format',
    },
    { match: /^gpt-4o-2024-05-13$/, native: false, tool: true, why: 'no json_schema response format' },
  ],
  ollama: [],
  gemini: [
    {
      match: /^gemma-/,
      native: false,
      tool: false,
      why: 'no JSON mode and no function calling on the Gemini API',
    },
    { match: /^gemini-1\.0-/, native: false, tool: true, why: 'no response schema' },
  ],
  bedrock: BEDROCK_EXCEPTIONS,
};

/** A model name without a router's vendor prefix (`openai/gpt-4o` on OpenRouter) or Gemini's `models/`. */
function bareModel(model: string): string {
  return model.replace(/^models\//, '').replace(/^[^/]+\//, '');
}

export function structuredSupport(
  provider: ApiProviderName,
  model: string,
): StructuredSupport & { why?: string } {
  const ways = PROVIDER_WAYS[provider];
  const exception = EXCEPTIONS[provider].find((e) => e.match.test(bareModel(model)));
  if (!exception) return ways;
  return { native: ways.native && exception.native, tool: ways.tool && exception.tool, why: exception.why };
}

/** The mode a call uses, or a typed refusal naming the model. */
export function chooseMode(provider: ApiProviderName, model: string, asked: OutputMode): 'native' | 'tool' {
  const support = structuredSupport(provider, model);
  const fail = (what: string) =>
    new PromptError('structured_output_unsupported', {
      detail: `${provider} model "${model}" ${what}${support.why ? ` (${support.why})` : ''}`,
      diagnostics: { provider, model },
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
