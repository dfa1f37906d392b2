/**
 * The `openai` provider: any OpenAI-compatible Chat Completions server (OpenAI, OpenRouter, vLLM, llama.cpp server,
 * LM Studio, Ollama's /v1) through the official `openai` client pointed at its `/v1` root. Native mode sends
 * `response_format: {type: "json_schema", json_schema: {name, schema, strict}}`; tool mode one function tool
 * forced with `tool_choice`. The schema goes in strict mode's shape (a copy, see openAiStrict.ts) and the nulls
 * that shape adds are taken out of the answer before sendPrompt validates it against the original. The client's
 * own retries are off (Puffin's one retry budget applies); the key comes from OPENAI_API_KEY.
 */
import type {
  ChatCompletionCreateParamsStreaming,
  ChatCompletionMessageParam,
} from 'openai/resources/chat/completions';
import { turnsOf, type ConversationTurn } from '../../llm/conversation';
import { clientFailure, runApiAttempt, type ApiHttpFailure } from '../apiAttempt';
import { requireModel } from '../apiPrepare';
import { groundedAttempt } from '../grounding/groundedAttempt';
import { mapOnlyPrompt } from '../grounding/mapOnlyPrompt';
import { openProjectTools } from '../grounding/projectTools';
import { listedModels, collectModels } from '../modelList';
import { chooseMode } from '../modelSupport';
import type { AttemptContext, PreparedCall, Provider, ProviderCall } from '../provider';
import type { EngineDeps } from '../registry';
import { dropIntroducedNulls } from '../schemaShapes/introducedNulls';
import { toOpenAiStrictSchema } from './openAiStrict';
import { openAiEndpoint } from './client';
import { openAiLook } from './openAiLook';
import { openAiStreamReader } from './openAiStream';
import { OPENAI_TRAITS } from './traits';

/** The name of the one tool in tool mode (the same as the CLI's, so raw lines read alike). */
export const ANSWER_TOOL = 'StructuredOutput';

export function createOpenAiProvider(deps: EngineDeps): Provider {
  async function prepare(call: ProviderCall): Promise<PreparedCall> {
    const model = requireModel('openai', call.model);
    const mode = chooseMode(OPENAI_TRAITS, model, call.mode);
    const { client, baseUrl, key } = await openAiEndpoint(deps.env(), call.baseUrl, model);
    const shaped = toOpenAiStrictSchema(call.schema.schema);
    deps.logger.debug('openai request shape', { model, mode, strict: shaped.strict, notes: shaped.notes });
    const body: ChatCompletionCreateParamsStreaming = {
      model,
      messages: openAiMessages(turnsOf(call.request.history, call.request.prompt)),
      stream: true,
      stream_options: { include_usage: true },
      ...(mode === 'native'
        ? {
            response_format: {
              type: 'json_schema',
              json_schema: { name: schemaName(call), schema: shaped.schema, strict: shaped.strict },
            },
          }
        : {
            tools: [
              {
                type: 'function',
                function: {
                  name: ANSWER_TOOL,
                  description: 'Return the answer. Its arguments are the answer, exactly as the schema says.',
                  parameters: shaped.schema,
                  strict: shaped.strict,
                },
              },
            ],
            tool_choice: { type: 'function', function: { name: ANSWER_TOOL } },
          }),
    };
    const who = {
      provider: 'openai' as const,
      ...(key ? { secret: key } : {}),
      httpFailure: openAiHttpFailure,
    };
    const answer = (ctx: AttemptContext, request: ChatCompletionCreateParamsStreaming) =>
      runApiAttempt(
        {
          ...who,
          model,
          mode,
          baseUrl,
          open: (signal) => client.chat.completions.create(request, { signal }),
          reader: () => openAiStreamReader(mode),
          restore: (data) => dropIntroducedNulls(data, call.schema.schema),
          warnings: [],
        },
        ctx,
      );
    const grounding = call.request.grounding;
    if (!grounding) {
      return {
        warnings: [],
        feedsBack: true,
        // A retry after a schema-invalid answer sends that answer and its errors as the next turns.
        attempt: (ctx) =>
          answer(
            ctx,
            ctx.feedback
              ? {
                  ...body,
                  messages: openAiMessages(turnsOf(call.request.history, call.request.prompt, ctx.feedback)),
                }
              : body,
          ),
      };
    }
    // Grounded: the model looks in the project through Puffin's read-only tools first (openAiLook.ts).
    const tools = await openProjectTools(grounding);
    const failure = (error: unknown) => clientFailure(error, who, { provider: 'openai', model });
    const look = openAiLook({ client, body, tools, failure });
    return {
      warnings: [],
      attempt: groundedAttempt({
        provider: 'openai',
        model,
        tools,
        adapter: look,
        answer: (ctx) => answer(ctx, look.answerBody(body)),
        withoutTools: async (ctx) => {
          const prompt = await mapOnlyPrompt(call.request.prompt, grounding);
          return answer(ctx, { ...body, messages: openAiMessages(turnsOf(call.request.history, prompt)) });
        },
      }),
    };
  }
  async function listModels(where: { baseUrl?: string }): Promise<string[]> {
    const env = deps.env();
    const secret = env.OPENAI_API_KEY?.trim();
    return listedModels(
      async () => collectModels((await openAiEndpoint(env, where.baseUrl)).client.models.list()),
      { provider: 'openai', httpFailure: openAiHttpFailure, ...(secret ? { secret } : {}) },
    );
  }

  return { ...OPENAI_TRAITS, listModels, prepare };
}

/** The turns as Chat Completions messages. */
function openAiMessages(turns: readonly ConversationTurn[]): ChatCompletionMessageParam[] {
  return turns.map((t) => ({ role: t.role, content: t.content }));
}

/** The json_schema name (`^[a-zA-Z0-9_-]{1,64}$`): the registered schema's, else a neutral one. */
function schemaName(call: ProviderCall): string {
  const name = call.schema.name?.replace(/[^a-zA-Z0-9_-]/g, '_').slice(0, 64);
  return name || 'answer';
}

/** The openai client's APIError: `status`, the body's `error.message`, and the `headers` (a Headers object). */
export function openAiHttpFailure(error: unknown): ApiHttpFailure | undefined {
  const e = error as {
    status?: unknown;
    error?: { message?: unknown };
    message?: unknown;
    headers?: unknown;
  };
  if (typeof e?.status !== 'number') return undefined;
  const headers = e.headers as { entries?: () => Iterable<[string, string]> } | undefined;
  const message = typeof e.error?.message === 'string' ? e.error.message : String(e.message ?? '');
  return {
    status: e.status,
    message,
    ...(headers?.entries ? { headers: Object.fromEntries(headers.entries()) } : {}),
  };
}
