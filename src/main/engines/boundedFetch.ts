/**
 * The fetch every HTTP engine's official client is given, so that no answer can grow without bound: the response
 * body passes through a counter that fails the stream typed when one line (an NDJSON chunk, an SSE field) or the
 * whole body passes its bound. Without it a server that sends one endless line makes the client's own parser
 * buffer it whole: hundreds of MB and minutes of CPU before anything fails.
 */
import { PromptError } from '../llm/errors';
import type { ProviderName } from '../../shared/engines';

/** The engines that talk HTTP through an official client. */
type HttpProviderName = Exclude<ProviderName, 'claude-cli'>;

export interface BodyBounds {
  /** Bytes one line may take before its newline. */
  lineBytes: number;
  /** Bytes one whole response body may take. */
  bodyBytes: number;
}

/** A structured answer is a few hundred KB at most; these leave room for every event around it. */
export const BODY_BOUNDS: BodyBounds = { lineBytes: 16 * 1024 * 1024, bodyBytes: 64 * 1024 * 1024 };

const NEWLINE = 0x0a;
const MIB = 1024 * 1024;

/** Counts a body's bytes and the length of its open line; the error to fail with once a bound is passed. */
export function bodyCounter(provider: HttpProviderName, bounds: BodyBounds) {
  let total = 0;
  let openLine = 0;
  return (chunk: Uint8Array): PromptError | null => {
    total += chunk.byteLength;
    const first = chunk.indexOf(NEWLINE);
    let longest: number;
    if (first === -1) {
      openLine += chunk.byteLength;
      longest = openLine;
    } else if (chunk.byteLength <= bounds.lineBytes) {
      // Lines that start and end inside the chunk are shorter than it, so within the bound: only the line the
      // chunk ends and the one it starts matter (a stream of short lines is not walked newline by newline).
      longest = openLine + first;
      openLine = chunk.byteLength - chunk.lastIndexOf(NEWLINE) - 1;
    } else {
      longest = 0;
      for (let start = 0; ;) {
        const newline = chunk.indexOf(NEWLINE, start);
        if (newline === -1) {
          openLine += chunk.byteLength - start;
          break;
        }
        longest = Math.max(longest, openLine + newline - start);
        openLine = 0;
        start = newline + 1;
      }
    }
    longest = Math.max(longest, openLine);
    if (longest > bounds.lineBytes) {
      return new PromptError('garbage_output', {
        detail: `${provider} sent a line of more than ${bounds.lineBytes / MIB} MB, more than any answer needs; it was stopped`,
        diagnostics: { provider },
      });
    }
    if (total > bounds.bodyBytes) {
      return new PromptError('truncated', {
        detail: `${provider}'s answer passed ${bounds.bodyBytes / MIB} MB, Puffin's bound for one answer; it was stopped`,
        diagnostics: { provider },
      });
    }
    return null;
  };
}

/** `base` with every response body bounded; passing a bound aborts the request and fails the body's reader. */
export function boundedFetch(
  provider: HttpProviderName,
  bounds: BodyBounds = BODY_BOUNDS,
  base: typeof fetch = fetch,
): typeof fetch {
  return async (input, init) => {
    const stop = new AbortController();
    const signal = init?.signal ? AbortSignal.any([init.signal, stop.signal]) : stop.signal;
    const response = await base(input, { ...init, signal });
    if (!response.body) return response;
    const count = bodyCounter(provider, bounds);
    const body = response.body.pipeThrough(
      new TransformStream<Uint8Array, Uint8Array>({
        transform(chunk, controller) {
          const passed = count(chunk);
          if (passed === null) return controller.enqueue(chunk);
          controller.error(passed);
          stop.abort(passed);
        },
      }),
    );
    const bounded = new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
    Object.defineProperty(bounded, 'url', { value: response.url });
    return bounded;
  };
}
