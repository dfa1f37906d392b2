/**
 * The `gemini` provider: Google's Gemini API through the official `@google/genai` client. Native mode asks for
 * `responseMimeType: "application/json"` with the schema in Gemini's OpenAPI subset (`responseSchema`, a copy
 * shaped by geminiSchema.ts); tool mode declares one function with those parameters and forces it
 * (`functionCallingConfig.mode: ANY`). A schema the subset cannot express (a map keyed by id) goes as plain JSON
 * Schema instead (`responseJsonSchema` / `parametersJsonSchema`). Either way the answer is validated against the
 * original. The key comes from GEMINI_API_KEY; the base URL is `http://host:port`; the client's retries stay off.
 */
import type {
  Content,
  FunctionCallingConfigMode,
  GenerateContentConfig,
  GenerateContentResponse,
} from '@google/genai';
import { clientFailure, runApiAttempt, type ApiHttpFailure } from '../apiAttempt';
import { requireModel } from '../apiPrepare';
import { groundedAttempt } from '../grounding/groundedAttempt';
import { openProjectTools } from '../grounding/projectTools';
import { collectModels, listedModels } from '../modelList';
import { chooseMode } from '../modelSupport';
import type { AttemptContext, PreparedCall, Provider, ProviderCall } from '../provider';
import type { EngineDeps } from '../registry';
import { toGeminiSchema } from './geminiSchema';
import { geminiEndpoint } from './client';
import { geminiLook } from './geminiLook';
import { geminiStreamReader } from './geminiStream';
import { GEMINI_TRAITS } from './traits';
import { turnsOf, type ConversationTurn } from '../../llm/conversation';

const ANSWER_FUNCTION = 'StructuredOutput';

export function createGeminiProvider(deps: EngineDeps): Provider {
  async function prepare(call: ProviderCall): Promise<PreparedCall> {
    const model = requireModel('gemini', call.model);
    const mode = chooseMode(GEMINI_TRAITS, model, call.mode);
    const { client, baseUrl, key } = await geminiEndpoint(deps.env(), call.baseUrl, model);
    const shaped = toGeminiSchema(call.schema.schema);
    const subset = 'schema' in shaped ? shaped.schema : undefined;
    deps.logger.debug('gemini request shape', {
      model,
      mode,
      ...('unsupported' in shaped ? shaped : { notes: shaped.notes }),
    });
    const { $schema: _dialect, ...jsonSchema } = call.schema.schema;
    const config: GenerateContentConfig =
      mode === 'native'
        ? {
            responseMimeType: 'application/json',
            ...(subset ? { responseSchema: subset } : { responseJsonSchema: jsonSchema }),
          }
        : {
            tools: [
              {
                functionDeclarations: [
                  {
                    name: ANSWER_FUNCTION,
                    description:
                      'Return the answer. Its arguments are the answer, exactly as the schema says.',
                    ...(subset ? { parameters: subset } : { parametersJsonSchema: jsonSchema }),
                  },
                ],
              },
            ],
            toolConfig: {
              functionCallingConfig: {
                mode: 'ANY' as FunctionCallingConfigMode,
                allowedFunctionNames: [ANSWER_FUNCTION],
              },
            },
          };
    const who = { provider: 'gemini' as const, secret: key, httpFailure: geminiHttpFailure };
    const answer = (ctx: AttemptContext, contents: string | Content[], answerConfig: GenerateContentConfig) =>
      runApiAttempt<GenerateContentResponse>(
        {
          ...who,
          model,
          mode,
          baseUrl,
          open: (signal) =>
            client.models.generateContentStream({
              model,
              contents,
              config: { ...answerConfig, abortSignal: signal },
            }),
          reader: () => geminiStreamReader(mode),
          warnings: [],
        },
        ctx,
      );
    const contents = (feedback?: ConversationTurn[]) =>
      geminiContents(turnsOf(call.request.history, call.request.prompt, feedback));
    if (!call.request.grounding) {
      // A retry after a schema-invalid answer sends that answer and its errors as the next turns.
      return { warnings: [], feedsBack: true, attempt: (ctx) => answer(ctx, contents(ctx.feedback), config) };
    }
    // Grounded: the model looks in the project through Puffin's read-only tools first (geminiLook.ts).
    const tools = await openProjectTools(call.request.grounding);
    const failure = (error: unknown) => clientFailure(error, who, { provider: 'gemini', model });
    const look = geminiLook({ client, model, contents: contents(), tools, failure });
    return {
      warnings: [],
      attempt: groundedAttempt({
        provider: 'gemini',
        model,
        tools,
        adapter: look,
        answer: (ctx) => answer(ctx, look.answerContents(), look.answerConfig(config)),
      }),
    };
  }
  async function listModels(where: { baseUrl?: string }): Promise<string[]> {
    const env = deps.env();
    const secret = env.GEMINI_API_KEY?.trim();
    return listedModels(
      async () =>
        collectModels(await (await geminiEndpoint(env, where.baseUrl)).client.models.list(), /^models\//),
      { provider: 'gemini', httpFailure: geminiHttpFailure, ...(secret ? { secret } : {}) },
    );
  }

  return { ...GEMINI_TRAITS, listModels, prepare };
}

/** The turns as Gemini contents: the assistant is the `model` role. */
function geminiContents(turns: readonly ConversationTurn[]): Content[] {
  return turns.map((t) => ({
    role: t.role === 'assistant' ? 'model' : 'user',
    parts: [{ text: t.content }],
  }));
}

interface GoogleErrorBody {
  error?: { message?: string; details?: { '@type'?: string; retryDelay?: string; reason?: string }[] };
}

/**
 * @google/genai's ApiError: `status`, and the error body as JSON text in `message` (RetryInfo's `retryDelay`
 * says how long to wait; ErrorInfo's API_KEY_INVALID is Google's way to refuse a key, with a 400).
 */
export function geminiHttpFailure(error: unknown): ApiHttpFailure | undefined {
  const e = error as { name?: unknown; status?: unknown; message?: unknown };
  if (e?.name !== 'ApiError' || typeof e.status !== 'number') return undefined;
  const text = String(e.message ?? '');
  let body: GoogleErrorBody = {};
  try {
    body = JSON.parse(text.slice(text.indexOf('{'))) as GoogleErrorBody;
  } catch {
    // Not JSON: the text is the message.
  }
  const details = body.error?.details ?? [];
  const delay = details.find((d) => d.retryDelay)?.retryDelay;
  const seconds = delay ? Number.parseFloat(delay) : Number.NaN;
  return {
    status: e.status,
    message: body.error?.message ?? text,
    ...(Number.isFinite(seconds) ? { headers: { 'retry-after': String(seconds) } } : {}),
    ...(details.some((d) => d.reason === 'API_KEY_INVALID') ? { badKey: true } : {}),
  };
}
