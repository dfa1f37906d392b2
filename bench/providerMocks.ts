// The providers bench's loopback mocks, in a Node process of their own (forked by providers.bench.ts with the
// bench's Node flags): serving a stream costs this process, so neither side measured in the bench pays for it.
// Says `ready` with each mock's URL; answers `lastBody` with the body of a mock's last model call; ends on `exit`.
import { largeStoriesOutput } from './largeStories';
import { startMockGeminiApi } from '../test/support/mockGeminiApi';
import { answer } from '../test/support/mockLlmTypes';
import { startMockMessagesApi } from '../test/support/mockMessagesApi';
import { startMockOllamaApi } from '../test/support/mockOllamaApi';
import { startMockOpenAiApi } from '../test/support/mockOpenAiApi';

export const MOCK_CHUNK = 20; // characters per streamed fragment, on every mock

export type MockName = 'anthropic' | 'openai' | 'ollama' | 'gemini';
export type MockCommand = { type: 'lastBody'; name: MockName } | { type: 'exit' };
export type MockReply =
  { type: 'ready'; urls: Record<MockName, string> } | { type: 'body'; body: Record<string, unknown> };

async function main(): Promise<void> {
  const json = JSON.stringify(largeStoriesOutput());
  const turn = answer(json, { chunkSize: MOCK_CHUNK });
  const msg = await startMockMessagesApi({
    isMainLoop: () => true,
    respond: () => ({ kind: 'message', text: [json], stopReason: 'end_turn', fragmentChars: MOCK_CHUNK }),
  });
  const oa = await startMockOpenAiApi({ whenExhausted: turn });
  const ol = await startMockOllamaApi({ whenExhausted: turn });
  const gm = await startMockGeminiApi({ whenExhausted: turn });
  const last = (m: { modelCalls(): { body: unknown }[] }) => m.modelCalls().at(-1)!.body;
  const bodies: Record<MockName, () => unknown> = {
    anthropic: () => msg.mainRequests().at(-1)!.body,
    openai: () => last(oa),
    ollama: () => last(ol),
    gemini: () => last(gm),
  };
  const send = (reply: MockReply) => process.send!(reply);
  process.on('message', (command: MockCommand) => {
    if (command.type === 'lastBody')
      send({ type: 'body', body: bodies[command.name]() as Record<string, unknown> });
    else void Promise.all([msg.close(), oa.close(), ol.close(), gm.close()]).finally(() => process.exit(0));
  });
  send({ type: 'ready', urls: { anthropic: msg.url, openai: oa.url, ollama: ol.url, gemini: gm.url } });
}

// Imported by the bench for its types and chunk size: the mocks start only in the forked process.
if (process.send && process.env.PUFFIN_PROVIDER_MOCKS === '1') void main();
