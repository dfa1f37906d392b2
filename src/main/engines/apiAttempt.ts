/**
 * One attempt of an HTTP API engine (openai, ollama, gemini, bedrock), the same for all of them: open the streamed
 * request with an abort signal that the caller's cancel and the attempt's time budget both fire, read the stream
 * once (every chunk a raw line for the activity log when it listens, the answer fragments of each turn of the event
 * loop one `partial` event for the live preview), then turn how the model ended into the answer or a typed failure. A cut-off answer is `truncated` (never a
 * shorter object), a declined one `refused`, a stream that stops early a retryable `api_error`.
 */
import { PromptError, type PromptErrorDiagnostics } from '../llm/errors';
import { costFromUsage } from './cost';
import { errnoOf, httpFailureError, silenceTimeout, type HttpFailure } from './httpFailure';
import type { ProviderName } from '../../shared/engines';
import type { AttemptContext, ProviderAnswer } from './provider';
import type { StreamReader } from './streamedAnswer';
import { TurnPartials } from './turnPartials';

export interface ApiRun<Chunk> {
  provider: ProviderName;
  model: string;
  mode: 'native' | 'tool';
  baseUrl: string;
  /** The engine's own version, when it says one (Ollama). */
  engineVersion?: string | null;
  /** The API key (or every secret of the credentials), kept out of every message and raw line. */
  secret?: string | readonly string[];
  /** Starts the streamed request; aborting the signal aborts the HTTP request. */
  open(signal: AbortSignal): Promise<AsyncIterable<Chunk>>;
  reader(): StreamReader<Chunk>;
  /** What the client's error says as an HTTP failure, when it is one (`badKey`: the provider's own words). */
  httpFailure(error: unknown): ApiHttpFailure | undefined;
  /** The parsed answer as the ORIGINAL schema expects it (e.g. without the nulls strict mode introduced). */
  restore?(data: unknown): unknown;
  warnings: string[];
}

/** An HTTP failure, and whether the provider said the key is wrong in its own words (Gemini: 400 API_KEY_INVALID). */
export type ApiHttpFailure = HttpFailure & { badKey?: boolean };

const KEPT_RAW_LINES = 50;

export async function runApiAttempt<Chunk>(run: ApiRun<Chunk>, ctx: AttemptContext): Promise<ProviderAnswer> {
  const started = Date.now();
  const rawLineOf = (chunk: Chunk): string => redact(JSON.stringify(chunk), run.secret);
  // A chunk the SDK parsed is serialised again only when someone reads the raw lines (History, the activity
  // view), and then once: the newest lines are kept as serialised. Otherwise the newest chunks are kept as
  // parsed and serialised only when a failure reports them.
  const rawWanted = ctx.activity !== false;
  const recent = new Newest<Chunk>();
  const recentLines = new Newest<string>();
  const diagnostics = (): PromptErrorDiagnostics => ({
    provider: run.provider,
    model: run.model,
    // Read when a failure reports it (an answer that passes validation never is).
    get rawLines() {
      return rawWanted ? recentLines.all() : recent.all().map(rawLineOf);
    },
  });
  const partials = new TurnPartials(ctx.emit);
  const controller = new AbortController();
  const onCancel = () => controller.abort(new PromptError('cancelled'));
  if (ctx.signal?.aborted) onCancel();
  ctx.signal?.addEventListener('abort', onCancel, { once: true });
  // The gate's killAll (Puffin quitting) stops this call too, as it stops a CLI run.
  const offKill = ctx.lease.onKill(() =>
    controller.abort(new PromptError('cancelled', { detail: 'Puffin is shutting down' })),
  );
  const timer = setTimeout(
    () =>
      controller.abort(
        new PromptError('timeout', { detail: `after ${ctx.callTimeoutMs} ms`, diagnostics: diagnostics() }),
      ),
    ctx.timeoutMs,
  );
  const reader = run.reader();
  let streaming = false;
  let failure: { error: unknown } | undefined;
  try {
    ctx.emit({ type: 'phase', phase: 'connecting' });
    const stream = await run.open(controller.signal);
    streaming = true;
    ctx.emit({ type: 'phase', phase: 'streaming' });
    for await (const chunk of stream) {
      if (rawWanted) {
        const line = rawLineOf(chunk);
        recentLines.push(line);
        ctx.emit({ type: 'raw', line });
      } else recent.push(chunk);
      const text = reader.push(chunk);
      if (text) partials.add(ctx.attempt, text);
    }
  } catch (error) {
    failure = { error };
  } finally {
    partials.flush();
    clearTimeout(timer);
    ctx.signal?.removeEventListener('abort', onCancel);
    offKill();
  }
  const outcome = reader.finish();
  // An answer the model finished is paid for: a cancel, the deadline or a broken connection after its last
  // chunk (before the stream closed) does not throw it away. Otherwise the stop is what is reported (some
  // clients end the iteration quietly when the request is aborted, others throw).
  if (outcome.ending !== 'complete') {
    if (controller.signal.aborted) throw abortReason(controller.signal);
    if (failure) throw clientFailure(failure.error, run, diagnostics(), streaming);
  }
  ctx.emit({ type: 'phase', phase: 'finished' });
  const failed = (code: 'truncated' | 'refused' | 'api_error' | 'no_structured_output', detail: string) =>
    new PromptError(code, {
      detail,
      diagnostics: diagnostics(),
      ...(code === 'api_error' ? { retryable: true } : {}),
    });
  if (outcome.ending === 'truncated') {
    throw failed(
      'truncated',
      `${run.model} stopped at its output token limit (${outcome.tokensOut ?? '?'} tokens)`,
    );
  }
  if (outcome.ending === 'refused')
    throw failed('refused', redact(outcome.refusal ?? 'no reason given', run.secret));
  if (outcome.ending === 'incomplete') throw failed('api_error', 'the stream ended before the answer did');
  if (outcome.text.trim() === '') {
    throw failed(
      'no_structured_output',
      run.mode === 'tool' ? 'the tool was not called' : 'the answer was empty',
    );
  }
  let data: unknown;
  try {
    data = JSON.parse(outcome.text);
  } catch {
    throw failed('no_structured_output', 'the answer is not JSON');
  }
  return {
    data: run.restore ? run.restore(data) : data,
    source: run.mode === 'native' ? 'structured_output' : 'tool_use',
    warnings: run.warnings,
    meta: {
      provider: run.provider,
      engineVersion: run.engineVersion ?? null,
      model: run.model,
      mode: run.mode,
      costUsd: costFromUsage(run.provider, run.model, outcome.tokensIn, outcome.tokensOut),
      tokensIn: outcome.tokensIn,
      tokensOut: outcome.tokensOut,
      turns: 1,
      durationMs: Date.now() - started,
      sessionId: null,
    },
    diagnostics: diagnostics(),
  };
}

/** The newest KEPT_RAW_LINES items pushed, trimmed once they are twice as many (not shifted at every push). */
class Newest<T> {
  private items: T[] = [];
  push(item: T): void {
    this.items.push(item);
    if (this.items.length >= 2 * KEPT_RAW_LINES) this.items = this.items.slice(-KEPT_RAW_LINES);
  }
  all(): T[] {
    return this.items.slice(-KEPT_RAW_LINES);
  }
}

function abortReason(signal: AbortSignal): PromptError {
  return signal.reason instanceof PromptError ? signal.reason : new PromptError('cancelled');
}

/**
 * A client's error as a typed PromptError (for an attempt, and for other calls to the same API such as listing
 * its models): HTTP failures by status, a bad key in the provider's own words, a connection never made
 * (server_unavailable), else a stream broken mid-way (a retryable api_error).
 */
export function clientFailure(
  error: unknown,
  who: Pick<ApiRun<unknown>, 'provider' | 'secret' | 'httpFailure'>,
  diagnostics: PromptErrorDiagnostics,
  streaming = false,
): PromptError {
  if (error instanceof PromptError) return error;
  const message = redact(error instanceof Error ? error.message : String(error), who.secret);
  const http = who.httpFailure(error);
  if (http?.badKey) {
    const detail = `${who.provider}: HTTP ${http.status ?? '?'}: ${redact(http.message, who.secret)}`;
    return new PromptError('auth_failed', {
      detail,
      diagnostics: { ...diagnostics, httpStatus: http.status },
    });
  }
  if (http) {
    return httpFailureError(
      who.provider,
      { ...http, message: redact(http.message, who.secret) },
      diagnostics,
    );
  }
  const silent = silenceTimeout(who.provider, error, diagnostics);
  if (silent) return silent;
  // Before the stream started, a failure without a status is the connection (server_unavailable); once it
  // streams, something broke the stream mid-way (a reset, an error line in it): worth one more try.
  if (!streaming)
    return httpFailureError(who.provider, { message, errno: errnoOf(error) ?? 'no answer' }, diagnostics);
  return new PromptError('api_error', { detail: message, diagnostics, retryable: true, cause: error });
}

/** Every occurrence of the secret replaced, so no key reaches a message, a raw line or a log. */
export function redact(text: string, secret: string | readonly string[] | undefined): string {
  const secrets = typeof secret === 'string' ? [secret] : (secret ?? []);
  return secrets.reduce((t, s) => (s.length >= 4 ? t.split(s).join('[redacted]') : t), text);
}
