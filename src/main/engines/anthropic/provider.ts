/**
 * The `anthropic` provider: the Messages API through the official `@anthropic-ai/sdk`, native structured output
 * or one forced tool (anthropicRequest.ts). The key is read from ANTHROPIC_API_KEY only and goes nowhere but the
 * request header. The SDK's own retries are off (maxRetries: 0): sendPrompt's one budget retries. Cancel (and the
 * gate's killAll) abort the HTTP request at once; the attempt's share of the call's time bounds it.
 */
import type Anthropic from '@anthropic-ai/sdk';
import type { Message, RawMessageStreamEvent } from '@anthropic-ai/sdk/resources/messages';
import type { MessageCreateParamsBase } from '@anthropic-ai/sdk/resources/messages/messages';
import { PromptError } from '../../llm/errors';
import { answerOutcome } from '../answerOutcome';
import { boundedFetch } from '../boundedFetch';
import { groundedAttempt } from '../grounding/groundedAttempt';
import { openProjectTools } from '../grounding/projectTools';
import { redact } from '../apiAttempt';
import { TurnPartials } from '../turnPartials';
import { errnoOf, httpFailureError, silenceTimeout } from '../httpFailure';
import type { AttemptContext, EngineMeta, PreparedCall, Provider, ProviderCall } from '../provider';
import type { EngineDeps } from '../registry';
import { anthropicMessageAnswer, anthropicStreamReader } from './anthropicAnswer';
import { anthropicLook } from './anthropicLook';
import { ANSWER_TOOL, anthropicMessages, anthropicParams, chooseMode } from './anthropicRequest';
import { turnsOf, type ConversationTurn } from '../../llm/conversation';
import { collectModels, listedModels } from '../modelList';
import { openAiHttpFailure } from '../openai/provider';
import { ANTHROPIC_TRAITS } from './traits';

export function createAnthropicProvider(deps: EngineDeps): Provider {
  async function prepare(call: ProviderCall): Promise<PreparedCall> {
    const env = deps.env();
    const apiKey = env.ANTHROPIC_API_KEY ?? '';
    if (!apiKey) throw new PromptError('no_api_key', { detail: 'anthropic: ANTHROPIC_API_KEY is not set' });
    if (!call.model)
      throw new PromptError('no_model', { detail: 'anthropic: give a model, e.g. claude-sonnet-4-5' });
    const model: string = call.model;
    const mode = chooseMode(call.mode, model);
    const turns = (feedback?: ConversationTurn[]) =>
      turnsOf(call.request.history, call.request.prompt, feedback);
    const params = anthropicParams(turns(), call.schema.schema, model, mode);
    const baseURL = call.baseUrl ?? env.ANTHROPIC_BASE_URL;
    // Loaded by the first call that uses it: the SDK is heavy, and most commands never do.
    const { default: Sdk } = await import('@anthropic-ai/sdk');
    const client = new Sdk({
      apiKey,
      ...(baseURL ? { baseURL } : {}),
      maxRetries: 0,
      fetch: boundedFetch('anthropic'),
    });
    // Streamed when someone watches (the preview, the activity view): the stream is read once either way.
    const stream = call.request.preview !== undefined || call.request.onEngineEvent !== undefined;

    // Grounded: the model looks in the project through Puffin's read-only tools first (anthropicLook.ts).
    const tools = call.request.grounding ? await openProjectTools(call.request.grounding) : undefined;

    async function attempt(ctx: AttemptContext, params: MessageCreateParamsBase) {
      const started = Date.now();
      const abort = new AbortController();
      let timedOut = false;
      const timer = setTimeout(() => {
        timedOut = true;
        abort.abort();
      }, ctx.timeoutMs);
      const onCancel = () => abort.abort();
      ctx.signal?.addEventListener('abort', onCancel, { once: true });
      if (ctx.signal?.aborted) abort.abort();
      const offKill = ctx.lease.onKill(onCancel);
      const metaBase = (answered: string | null): Omit<EngineMeta, 'costUsd' | 'tokensIn' | 'tokensOut'> => ({
        provider: 'anthropic',
        engineVersion: null,
        model: answered ?? model,
        mode,
        turns: 1,
        durationMs: Date.now() - started,
        sessionId: null,
      });
      try {
        ctx.emit({ type: 'phase', phase: 'connecting' });
        const options = { signal: abort.signal, timeout: ctx.timeoutMs };
        if (!stream) {
          const message: Message = await client.messages.create({ ...params, stream: false }, options);
          ctx.emit({ type: 'raw', line: redact(JSON.stringify(message), apiKey) });
          const answer = anthropicMessageAnswer(message, mode, ANSWER_TOOL);
          return answerOutcome(answer, { meta: metaBase(message.model), source: sourceOf(mode) });
        }
        const reader = anthropicStreamReader(mode, ANSWER_TOOL);
        const events = await client.messages.create({ ...params, stream: true }, options);
        ctx.emit({ type: 'phase', phase: 'streaming' });
        // An event the SDK parsed is serialised again only for whoever reads the raw lines, once.
        const rawWanted = ctx.activity !== false;
        const partials = new TurnPartials(ctx.emit);
        try {
          for await (const event of events as AsyncIterable<RawMessageStreamEvent>) {
            if (rawWanted) ctx.emit({ type: 'raw', line: redact(JSON.stringify(event), apiKey) });
            const added = reader.push(event);
            if (added) partials.add(reader.block(), added);
          }
        } finally {
          partials.flush();
        }
        // The SDK's stream ends quietly when aborted: a cancel or the deadline is not an answer that stopped short.
        if (abort.signal.aborted) throw sdkFailure(Sdk, null, true, timedOut, model, apiKey);
        ctx.emit({ type: 'phase', phase: 'finished' });
        return answerOutcome(reader.finish(), { meta: metaBase(reader.model()), source: sourceOf(mode) });
      } catch (err) {
        throw sdkFailure(Sdk, err, abort.signal.aborted, timedOut, model, apiKey);
      } finally {
        clearTimeout(timer);
        ctx.signal?.removeEventListener('abort', onCancel);
        offKill();
      }
    }

    if (!tools) {
      return {
        // A retry after a schema-invalid answer sends that answer and its errors as the next turns.
        attempt: (ctx) =>
          attempt(
            ctx,
            ctx.feedback ? { ...params, messages: anthropicMessages(turns(ctx.feedback)) } : params,
          ),
        warnings: [],
        feedsBack: true,
      };
    }
    const look = anthropicLook(client, params, tools, (err, aborted) =>
      sdkFailure(Sdk, err, aborted, false, model, apiKey),
    );
    return {
      attempt: groundedAttempt({
        provider: 'anthropic',
        model,
        tools,
        adapter: look,
        answer: (ctx) => attempt(ctx, look.answerParams(params)),
      }),
      warnings: [],
    };
  }

  async function listModels(where: { baseUrl?: string }): Promise<string[]> {
    const env = deps.env();
    const apiKey = env.ANTHROPIC_API_KEY?.trim();
    if (!apiKey) throw new PromptError('no_api_key', { detail: 'anthropic: ANTHROPIC_API_KEY is not set' });
    const root = where.baseUrl ?? env.ANTHROPIC_BASE_URL;
    return listedModels(
      async () => {
        const { default: Sdk } = await import('@anthropic-ai/sdk');
        return collectModels(
          new Sdk({ apiKey, maxRetries: 0, ...(root ? { baseURL: root } : {}) }).models.list(),
        );
      },
      // The same client family as openai's: APIError with status, headers and error.message.
      { provider: 'anthropic', httpFailure: openAiHttpFailure, secret: apiKey },
    );
  }

  return { ...ANTHROPIC_TRAITS, listModels, prepare };
}

function sourceOf(mode: 'native' | 'tool'): 'structured_output' | 'tool_use' {
  return mode === 'native' ? 'structured_output' : 'tool_use';
}

/** Lower-case response headers of an SDK error (a Headers object in this SDK). */
function headersOf(err: unknown): Record<string, string> {
  const h = (err as { headers?: unknown }).headers;
  if (h instanceof Headers) return Object.fromEntries(h.entries());
  return {};
}

/** Whatever the SDK threw, as the typed failure every provider reports; the key (servers repeat it) redacted. */
function sdkFailure(
  sdk: typeof Anthropic,
  err: unknown,
  aborted: boolean,
  timedOut: boolean,
  model: string,
  apiKey: string,
): PromptError {
  if (err instanceof PromptError) return err;
  const diagnostics = { provider: 'anthropic', model };
  if (aborted || err instanceof sdk.APIUserAbortError)
    return httpFailureError('anthropic', { message: 'aborted', aborted: true }, diagnostics, timedOut);
  if (err instanceof sdk.APIConnectionTimeoutError)
    return httpFailureError('anthropic', { message: 'timed out', aborted: true }, diagnostics, true);
  const message = redact(err instanceof Error ? err.message : String(err), apiKey);
  if (err instanceof sdk.APIError && err.status !== undefined) {
    // A 400 about the output format: this model (or this API) has no native structured output.
    if (err.status === 400 && /output_config|output_format|json_schema|structured output/i.test(message))
      return new PromptError('structured_output_unsupported', {
        detail: `anthropic ${model}: ${message.slice(0, 300)}`,
        diagnostics: { ...diagnostics, httpStatus: 400 },
      });
    return httpFailureError(
      'anthropic',
      { status: err.status, headers: headersOf(err), message },
      diagnostics,
    );
  }
  const silent = silenceTimeout('anthropic', err, diagnostics);
  if (silent) return silent;
  const errno = errnoOf(err);
  if (err instanceof sdk.APIConnectionError || errno)
    return httpFailureError('anthropic', { message, ...(errno ? { errno } : {}) }, diagnostics);
  // A stream that broke off with an SSE error event (e.g. overloaded_error mid-answer) arrives as an APIError
  // without a status; the message names the error type.
  if (/overloaded/i.test(message))
    return new PromptError('overloaded', { detail: `anthropic: ${message}`, diagnostics });
  return new PromptError('api_error', { detail: `anthropic: ${message.slice(0, 300)}`, diagnostics });
}
