/**
 * The HTTP handler the Bedrock client is given, so that no answer can grow without bound (the AWS SDK does not use
 * fetch, so boundedFetch cannot wrap it). ConverseStream answers in binary event-stream frames, each announcing
 * its length first: a frame announcing more than one answer can need fails at once (the SDK's decoder would buffer
 * it whole), and the whole body has the same bound as every engine's. Other bodies (JSON) are counted like lines.
 * HTTP/1.1 (the SDK's NodeHttpHandler): ConverseStream needs no HTTP/2, and a proxy or endpoint URL is plain HTTP.
 */
import { Transform, type Readable } from 'node:stream';
import type { NodeHttpHandler } from '@smithy/node-http-handler';
import { PromptError } from '../../llm/errors';
import { BODY_BOUNDS, bodyCounter, type BodyBounds } from '../boundedFetch';

const MIB = 1024 * 1024;
const PRELUDE_LENGTH_BYTES = 4;

type Handler = Pick<NodeHttpHandler, 'handle' | 'destroy' | 'updateHttpClientConfig' | 'httpHandlerConfigs'>;

/** Counts an event stream's bytes and frames; the error to fail with once a bound is passed. */
export function frameCounter(bounds: BodyBounds) {
  let total = 0;
  // Bytes left of the current frame, and the length prefix being read when a frame starts.
  let left = 0;
  let prefix: number[] = [];
  return (chunk: Uint8Array): PromptError | null => {
    total += chunk.byteLength;
    for (let at = 0; at < chunk.byteLength;) {
      if (left > 0) {
        const step = Math.min(left, chunk.byteLength - at);
        left -= step;
        at += step;
        continue;
      }
      prefix.push(chunk[at]!);
      at += 1;
      if (prefix.length < PRELUDE_LENGTH_BYTES) continue;
      const length = Buffer.from(prefix).readUInt32BE(0);
      prefix = [];
      if (length > bounds.lineBytes) {
        return new PromptError('garbage_output', {
          detail: `bedrock announced an event of ${Math.round(length / MIB)} MB, more than any answer needs (the bound is ${bounds.lineBytes / MIB} MB); it was stopped`,
          diagnostics: { provider: 'bedrock' },
        });
      }
      left = Math.max(0, length - PRELUDE_LENGTH_BYTES);
    }
    if (total > bounds.bodyBytes) {
      return new PromptError('truncated', {
        detail: `bedrock's answer passed ${bounds.bodyBytes / MIB} MB, Puffin's bound for one answer; it was stopped`,
        diagnostics: { provider: 'bedrock' },
      });
    }
    return null;
  };
}

/** `inner` with every response body bounded; passing a bound destroys the response and fails its reader. */
export function boundedHandler(inner: Handler, bounds: BodyBounds = BODY_BOUNDS): Handler {
  return {
    async handle(request, options) {
      const out = await inner.handle(request, options);
      const source = out.response.body as Readable | undefined;
      if (!source || typeof source.pipe !== 'function') return out;
      const streamed = request.path.endsWith('/converse-stream') && out.response.statusCode === 200;
      const count = streamed ? frameCounter(bounds) : bodyCounter('bedrock', bounds);
      const bounded = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          const passed = count(chunk);
          if (passed === null) return done(null, chunk);
          source.destroy();
          done(passed);
        },
      });
      source.on('error', (error) => bounded.destroy(error));
      out.response.body = source.pipe(bounded);
      return out;
    },
    destroy: () => inner.destroy(),
    updateHttpClientConfig: (key, value) => inner.updateHttpClientConfig(key, value),
    httpHandlerConfigs: () => inner.httpHandlerConfigs(),
  };
}
