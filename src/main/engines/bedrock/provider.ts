/**
 * The `bedrock` provider: Amazon Bedrock's Converse API (ConverseStream, so the preview and the activity log are
 * live) through the official `@aws-sdk/client-bedrock-runtime`. Native mode sends `outputConfig.textFormat` as
 * `json_schema` (a copy shaped as Claude's native mode takes it: no numeric, length or size constraints, objects
 * closed); tool mode declares one tool whose input schema is the schema and forces it with
 * `toolChoice: {tool: {name}}`. `auto` is native for the models that have it (bedrockModels.ts), else tool. The
 * region, credentials and endpoint are the AWS SDK's (client.ts); errors are worded for AWS (bedrockFailure.ts).
 * A grounded call gets the project's map (no look loop through Converse tools yet).
 */
import type {
  ConverseStreamCommandInput,
  ConverseStreamOutput,
  Message,
} from '@aws-sdk/client-bedrock-runtime';
import { EMPTY_GROUNDING } from '../../../shared/grounding';
import { turnsOf, type ConversationTurn } from '../../llm/conversation';
import type { JsonSchema } from '../../llm/schemas';
import { maxTokensFor, NATIVE_DROPS } from '../anthropic/anthropicRequest';
import { runApiAttempt } from '../apiAttempt';
import { requireModel } from '../apiPrepare';
import { mapOnlyPrompt } from '../grounding/mapOnlyPrompt';
import { chooseMode } from '../modelSupport';
import type { AttemptContext, PreparedCall, Provider, ProviderCall } from '../provider';
import type { EngineDeps } from '../registry';
import { shapeSchema } from '../schemaShapes/shapeSchema';
import { bedrockEndpoint } from './client';
import { bedrockHttpFailure, bedrockWording, credentialFailure } from './bedrockFailure';
import { bedrockStreamReader } from './bedrockStream';
import { BEDROCK_SUGGESTED_MODELS } from './bedrockModels';
import { BEDROCK_TRAITS } from './traits';

/** The name of the one tool in tool mode (the same as the CLI's, so raw lines read alike). */
export const ANSWER_TOOL = 'StructuredOutput';

const SYSTEM = {
  native: 'Answer with one JSON value that matches the required output format. No prose, no code fences.',
  tool: `Return your answer by calling the ${ANSWER_TOOL} tool once; its input is the answer.`,
};

export function createBedrockProvider(deps: EngineDeps): Provider {
  async function prepare(call: ProviderCall): Promise<PreparedCall> {
    const model = requireModel('bedrock', call.model);
    const mode = chooseMode(BEDROCK_TRAITS, model, call.mode);
    const { client, Command, baseUrl, secrets } = await bedrockEndpoint(deps.env(), call.baseUrl, model);
    const grounding = call.request.grounding;
    // Grounded: the model gets the project's map instead of tools (mapOnlyPrompt.ts).
    const prompt = grounding ? await mapOnlyPrompt(call.request.prompt, grounding) : call.request.prompt;
    const structure = outputStructure(call.schema.schema, call.schema.name, mode);
    deps.logger.debug('bedrock request shape', { model, mode });
    const input = (feedback?: ConversationTurn[]): ConverseStreamCommandInput => ({
      modelId: model,
      system: [{ text: SYSTEM[mode] }],
      messages: converseMessages(turnsOf(call.request.history, prompt, feedback)),
      ...limits(model),
      ...structure,
    });
    const open = async (signal: AbortSignal, request: ConverseStreamCommandInput) => {
      try {
        const out = await client.send(new Command(request), { abortSignal: signal });
        return out.stream ?? emptyStream();
      } catch (error) {
        throw credentialFailure(error, secrets, model) ?? error;
      }
    };
    const attempt = async (ctx: AttemptContext) => {
      const answer = await runApiAttempt<ConverseStreamOutput>(
        {
          provider: 'bedrock',
          model,
          mode,
          baseUrl,
          secret: secrets,
          open: (signal) => open(signal, input(ctx.feedback)),
          reader: () => bedrockStreamReader(mode),
          httpFailure: bedrockHttpFailure,
          warnings: [],
        },
        ctx,
      ).catch((error: unknown) => Promise.reject(bedrockWording(error)));
      return grounding ? { ...answer, grounding: { ...EMPTY_GROUNDING } } : answer;
    };
    // A retry after a schema-invalid answer sends that answer and its errors as the next turns.
    return { warnings: [], feedsBack: true, attempt };
  }
  return { ...BEDROCK_TRAITS, listModels: () => Promise.resolve([...BEDROCK_SUGGESTED_MODELS]), prepare };
}

/** The turns as Converse messages (text content blocks). */
function converseMessages(turns: readonly ConversationTurn[]): Message[] {
  return turns.map((t) => ({ role: t.role, content: [{ text: t.content }] }));
}

/** Claude on Bedrock needs an output limit as it does on its own API; other models keep their default. */
function limits(model: string): Pick<ConverseStreamCommandInput, 'inferenceConfig'> {
  const claude = /(?:^|\.)anthropic\.(claude-[^:]+)/.exec(model);
  return claude ? { inferenceConfig: { maxTokens: maxTokensFor(claude[1]!) } } : {};
}

/** How the schema goes: the text format of native mode, or the one forced tool of tool mode. */
function outputStructure(
  schema: JsonSchema,
  name: string | undefined,
  mode: 'native' | 'tool',
): Pick<ConverseStreamCommandInput, 'outputConfig' | 'toolConfig'> {
  const { $schema: _dialect, ...plain } = schema;
  if (mode === 'native') {
    const shaped = shapeSchema(plain, { drop: NATIVE_DROPS, maxMinItems: 1, closeObjects: true });
    const jsonSchema = { schema: JSON.stringify(shaped), name: schemaName(name) };
    return { outputConfig: { textFormat: { type: 'json_schema', structure: { jsonSchema } } } };
  }
  return {
    toolConfig: {
      tools: [
        {
          toolSpec: {
            name: ANSWER_TOOL,
            description: 'Return the answer. Its input is the answer, exactly as the schema says.',
            // The schema is a JSON document; the SDK types it as its own DocumentType.
            inputSchema: { json: plain as Record<string, never> },
          },
        },
      ],
      toolChoice: { tool: { name: ANSWER_TOOL } },
    },
  };
}

/** The schema's name as Bedrock takes it (letters, digits, `_` and `-`): the registered one, else a neutral one. */
function schemaName(name: string | undefined): string {
  return name?.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64) || 'answer';
}

async function* emptyStream(): AsyncIterable<ConverseStreamOutput> {}
