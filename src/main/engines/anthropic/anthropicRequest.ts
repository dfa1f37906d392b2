/**
 * The Messages API request for one structured call. Native mode: `output_config.format = {type: "json_schema",
 * schema}` with a copy of the schema shaped as the API accepts it (no numeric, string-length or array-size
 * constraints beyond minItems 0/1; objects closed). Tool mode: one tool whose `input_schema` is the
 * schema, forced with `tool_choice: {type: "tool", name}`. `auto` picks native where the model supports it
 * (Claude 4.5 and later, Opus 4.1), else tool. The answer is validated against the ORIGINAL schema afterwards.
 */
import type {
  MessageCreateParamsBase,
  MessageParam,
  Tool,
} from '@anthropic-ai/sdk/resources/messages/messages';
import type { ConversationTurn } from '../../llm/conversation';
import type { OutputMode } from '../../../shared/engines';
import { PromptError } from '../../llm/errors';
import type { JsonSchema } from '../../llm/schemas';
import { shapeSchema } from '../schemaShapes/shapeSchema';

/** The forced tool of tool mode (the name says what its input is). */
export const ANSWER_TOOL = 'structured_output';

/** Keywords the native structured output refuses (the original schema still holds them locally). */
export const NATIVE_DROPS = [
  'minimum',
  'maximum',
  'exclusiveMinimum',
  'exclusiveMaximum',
  'multipleOf',
  'minLength',
  'maxLength',
  'maxItems',
  'uniqueItems',
  'minProperties',
  'maxProperties',
  '$schema',
];

/**
 * The family and version of a Claude model id, new style (claude-sonnet-4-5-20250929 → sonnet 4.5) or old
 * (claude-3-5-haiku-20241022 → haiku 3.5), when it has one.
 */
function versionOf(model: string): { family: string; version: number } | null {
  const minor = (d: string | undefined) => (d ? Number(d) / 10 : 0);
  const m = /^claude-(opus|sonnet|haiku)-(\d+)(?:-(\d)(?!\d))?/.exec(model);
  if (m) return { family: m[1]!, version: Number(m[2]) + minor(m[3]) };
  const old = /^claude-(\d+)(?:-(\d)(?!\d))?-(opus|sonnet|haiku)/.exec(model);
  return old ? { family: old[3]!, version: Number(old[1]) + minor(old[2]) } : null;
}

/** Whether the model has native structured output (`output_config.format`); unknown ids: not known to. */
export function supportsNative(model: string): boolean {
  const v = versionOf(model);
  if (!v) return false;
  return v.version >= 4.5 || (v.family === 'opus' && v.version >= 4.1);
}

/** The mode a call uses; native asked of a model known not to have it is refused, never silently changed. */
export function chooseMode(mode: OutputMode, model: string): 'native' | 'tool' {
  if (mode === 'tool') return 'tool';
  if (mode === 'auto') return supportsNative(model) ? 'native' : 'tool';
  if (versionOf(model) && !supportsNative(model))
    throw new PromptError('structured_output_unsupported', {
      detail: `${model} has no native structured output on the Anthropic API; use --mode tool or auto`,
    });
  return 'native';
}

/** The schema as native mode sends it: without the keywords it refuses. */
export function nativeSchema(schema: JsonSchema): JsonSchema {
  return shapeSchema(schema, { drop: NATIVE_DROPS, maxMinItems: 1, closeObjects: true });
}

/** The output token limit asked for: what the model can give (Claude 3 Haiku/Opus 4,096; 3.5 8,192). */
export function maxTokensFor(model: string): number {
  if (/^claude-3-(haiku|opus|sonnet)/.test(model)) return 4096;
  if (/^claude-3-5/.test(model)) return 8192;
  return 16_000;
}

const SYSTEM = {
  native: 'Answer with one JSON value that matches the required output format. No prose, no code fences.',
  tool: `Return your answer by calling the ${ANSWER_TOOL} tool once; its input is the answer.`,
};

/** The turns as the Messages API's messages (text content; the previous answer is the assistant's text). */
export function anthropicMessages(turns: readonly ConversationTurn[]): MessageParam[] {
  return turns.map((t) => ({ role: t.role, content: t.content }));
}

export function anthropicParams(
  turns: readonly ConversationTurn[],
  schema: JsonSchema,
  model: string,
  mode: 'native' | 'tool',
): MessageCreateParamsBase {
  const base = {
    model,
    max_tokens: maxTokensFor(model),
    system: SYSTEM[mode],
    messages: anthropicMessages(turns),
  };
  if (mode === 'native') {
    const shaped = nativeSchema(schema);
    return { ...base, output_config: { format: { type: 'json_schema', schema: shaped } } };
  }
  return {
    ...base,
    tools: [
      {
        name: ANSWER_TOOL,
        description: 'Returns the answer. Its input must match the schema exactly.',
        // A draft-07 object schema: what the API's input_schema is (typed there as an open object).
        input_schema: schema as Tool.InputSchema,
      },
    ],
    tool_choice: { type: 'tool', name: ANSWER_TOOL },
  };
}
