// sendPrompt over one API provider, as the app builds it, with everything a test looks at recorded: the preview,
// the engine events, retries and the log. Retries do not wait (the delay asked for is recorded instead).
import net from 'node:net';
import { ConcurrencyGate } from '../../src/main/llm/gate';
import { PromptError } from '../../src/main/llm/errors';
import type { PreviewEvent, RetryNotice, SendPromptRequest } from '../../src/main/llm/promptTypes';
import { engineSendPrompt } from '../support/engineSendPrompt';
import { memoryLogger } from '../support/memorySpawner';
import type { EngineEvent } from '../../src/main/engines/provider';

/** Stories with what strict shapes drop or change: optional and nullable members, an enum, a range, array sizes. */
export const STORIES_SCHEMA = {
  $schema: 'http://json-schema.org/draft-07/schema#',
  type: 'object',
  properties: {
    stories: {
      type: 'array',
      minItems: 1,
      maxItems: 3,
      items: {
        type: 'object',
        properties: {
          title: { type: 'string', minLength: 3 },
          points: { type: 'integer', minimum: 1, maximum: 13 },
          size: { type: 'string', enum: ['S', 'M', 'L'] },
          note: { type: 'string' },
        },
        required: ['title', 'points', 'size'],
        additionalProperties: false,
      },
    },
  },
  required: ['stories'],
  additionalProperties: false,
};

export const story = (title: string, points = 3, extra: Record<string, unknown> = {}) => ({
  title,
  points,
  size: 'M',
  ...extra,
});

export function apiWorld(env: NodeJS.ProcessEnv) {
  const { logger, lines } = memoryLogger();
  const preview: PreviewEvent[] = [];
  const events: EngineEvent[] = [];
  const retries: RetryNotice[] = [];
  const sendPrompt = engineSendPrompt({
    locate: () => Promise.reject(new Error('no CLI in API tests')),
    gate: new ConcurrencyGate(2),
    logger,
    settings: () => ({}),
    env: () => env,
    retry: { deps: { sleep: async () => {}, random: () => 0 } },
  });
  const send = (req: Partial<SendPromptRequest> & Pick<SendPromptRequest, 'provider'>) =>
    sendPrompt({
      workflow: 'deriveStories',
      prompt: 'Split the feature into stories.',
      schema: STORIES_SCHEMA,
      preview: (e) => preview.push(e),
      onEngineEvent: (e) => events.push(e),
      onRetry: (r) => retries.push(r),
      ...req,
    });
  /** The typed failure of a call that must fail. */
  const failure = async (req: Parameters<typeof send>[0]): Promise<PromptError> => {
    const error: unknown = await send(req).then(
      () => new Error('the call succeeded'),
      (e: unknown) => e,
    );
    if (error instanceof PromptError) return error;
    throw error;
  };
  /** A call cancelled at its first answer fragment, or once `reached` resolves (the request is at the server). */
  const cancelled = async (req: Parameters<typeof send>[0], reached?: () => Promise<unknown>) => {
    const controller = new AbortController();
    const pending = failure({
      ...req,
      signal: controller.signal,
      onEngineEvent: (e) => {
        if (!reached && e.type === 'partial') controller.abort();
      },
    });
    if (reached) {
      await reached();
      controller.abort();
    }
    return pending;
  };
  return { send, failure, cancelled, preview, events, retries, lines };
}

/** A port nothing listens on (bound, then closed). */
export async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
