// The mock's own contract, checked over plain HTTP (fast; the real CLI suite covers the rest).
import { afterEach, describe, expect, it } from 'vitest';
import { startMockMessagesApi, type MockMessagesApi } from './mockMessagesApi';
import { hang, held, httpError, streamError, structured, text, textThenStructured } from './mockTurns';

const STRUCTURED_TOOL = { name: 'StructuredOutput', input_schema: { type: 'object' } };
const mainBody = (stream: boolean) => ({
  model: 'claude-sonnet-4-5',
  max_tokens: 100,
  stream,
  tools: [{ name: 'Read' }, STRUCTURED_TOOL],
  messages: [{ role: 'user', content: [{ type: 'text', text: 'the prompt' }] }],
});
const titleBody = {
  model: 'claude-haiku',
  max_tokens: 100,
  stream: false,
  tools: [],
  output_config: { format: { type: 'json_schema', schema: { type: 'object' } } },
  messages: [{ role: 'user', content: '<session>the prompt</session>' }],
};

let mock: MockMessagesApi | undefined;
afterEach(async () => {
  await mock?.close();
  mock = undefined;
});

function post(path: string, body: unknown): Promise<Response> {
  return fetch(`${mock!.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Parses an SSE body into its `data:` payloads. */
async function sseEvents(response: Response): Promise<Record<string, unknown>[]> {
  const body = await response.text();
  return body
    .split('\n\n')
    .filter((chunk) => chunk.trim() !== '')
    .map((chunk) => {
      const data = chunk.split('\n').find((line) => line.startsWith('data: '));
      return JSON.parse(data!.slice('data: '.length)) as Record<string, unknown>;
    });
}

describe('mock Messages API', () => {
  it('answers a held turn only once the test lets it go', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    let arrived = () => {};
    const taken = new Promise<void>((resolve) => (arrived = resolve));
    mock = await startMockMessagesApi({
      respond: () => {
        arrived();
        return held(gate, text('Later.'));
      },
    });
    let answered = false;
    const answer = post('/v1/messages', mainBody(false)).then((r) => {
      answered = true;
      return r.json() as Promise<{ content: { text: string }[] }>;
    });
    await taken;
    expect(answered).toBe(false);
    expect(mock.mainRequests()).toHaveLength(0); // recorded when answered
    release();
    expect((await answer).content[0]!.text).toBe('Later.');
    expect(mock.mainRequests()).toHaveLength(1);
  });

  it('streams a StructuredOutput call as several input_json_delta fragments', async () => {
    mock = await startMockMessagesApi({ script: [structured({ name: 'Ada', age: 36 })] });
    const response = await post('/v1/messages?beta=true', mainBody(true));
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('request-id')).toMatch(/^req_mock_/);
    const events = await sseEvents(response);
    expect(events.map((e) => e.type)).toEqual([
      'message_start',
      'content_block_start',
      ...Array(5).fill('content_block_delta'),
      'content_block_stop',
      'message_delta',
      'message_stop',
    ]);
    const partials = events
      .filter((e) => e.type === 'content_block_delta')
      .map((e) => (e.delta as { partial_json: string }).partial_json);
    expect(partials[0]).toBe('');
    expect(JSON.parse(partials.join(''))).toEqual({ name: 'Ada', age: 36 });
    expect((events[1]?.content_block as { name: string }).name).toBe('StructuredOutput');
    expect((events.at(-2)?.delta as { stop_reason: string }).stop_reason).toBe('tool_use');
  });

  it('streams a text block in fragments of at most the size a turn asks for, as a long answer arrives', async () => {
    const answer = 'x'.repeat(95);
    mock = await startMockMessagesApi({ script: [{ kind: 'message', text: [answer], fragmentChars: 20 }] });
    const events = await sseEvents(await post('/v1/messages?beta=true', mainBody(true)));
    const pieces = events
      .filter((e) => e.type === 'content_block_delta')
      .map((e) => (e.delta as { text: string }).text);
    expect(pieces.map((p) => p.length)).toEqual([19, 19, 19, 19, 19]);
    expect(pieces.join('')).toBe(answer);
  });

  it('answers non-streaming requests with one JSON message (text, then tool_use)', async () => {
    mock = await startMockMessagesApi({ script: [textThenStructured('Here.', { a: 1 })] });
    const response = await post('/v1/messages', mainBody(false));
    const message = (await response.json()) as { content: { type: string }[]; stop_reason: string };
    expect(message.content.map((b) => b.type)).toEqual(['text', 'tool_use']);
    expect(message.stop_reason).toBe('tool_use');
  });

  it('answers auxiliary requests without consuming the script, and records everything', async () => {
    mock = await startMockMessagesApi({ script: [text('main reply')] });
    const aux = (await (await post('/v1/messages', titleBody)).json()) as { content: { text: string }[] };
    expect(JSON.parse(aux.content[0]!.text)).toEqual({ title: 'Mock title' });
    const main = (await (await post('/v1/messages', mainBody(false))).json()) as {
      content: { text: string }[];
    };
    expect(main.content[0]!.text).toBe('main reply');
    const tokens = (await (await post('/v1/messages/count_tokens', mainBody(false))).json()) as object;
    expect(tokens).toEqual({ input_tokens: 100 });
    expect(mock.requests.map((r) => r.kind)).toEqual(['aux', 'main', 'count_tokens']);
    expect(mock.mainRequests()[0]?.body?.messages[0]?.content).toEqual([
      { type: 'text', text: 'the prompt' },
    ]);
  });

  it('takes the subagent warmups of 2.0.x builds (tools, user text "Warmup") for auxiliary requests', async () => {
    mock = await startMockMessagesApi({ script: [text('main reply')] });
    const warmup = {
      ...mainBody(true),
      messages: [{ role: 'user', content: [{ type: 'text', text: 'Warmup' }] }],
    };
    await (await post('/v1/messages', warmup)).text();
    const main = (await (await post('/v1/messages', mainBody(false))).json()) as {
      content: { text: string }[];
    };
    expect(main.content[0]!.text).toBe('main reply');
    expect(mock.requests.map((r) => r.kind)).toEqual(['aux', 'main']);
  });

  it('repeats an HTTP error `times` times with its retry-after header, then moves on', async () => {
    mock = await startMockMessagesApi({
      script: [httpError(429, { times: 2, retryAfterSeconds: 7 }), text('ok')],
    });
    const statuses: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const response = await post('/v1/messages', mainBody(false));
      statuses.push(response.status);
      if (response.status === 429) {
        expect(response.headers.get('retry-after')).toBe('7');
        expect(await response.json()).toMatchObject({ type: 'error', error: { type: 'rate_limit_error' } });
      } else {
        await response.body?.cancel();
      }
    }
    expect(statuses).toEqual([429, 429, 200]);
  });

  it('breaks a stream off with an SSE error event, and answers the non-streaming fallback with 529', async () => {
    mock = await startMockMessagesApi({ script: [streamError({ partialText: 'Let me', times: 2 })] });
    const events = await sseEvents(await post('/v1/messages', mainBody(true)));
    expect(events.map((e) => e.type)).toEqual([
      'message_start',
      'content_block_start',
      'content_block_delta',
      'error',
    ]);
    expect(events.at(-1)).toMatchObject({ error: { type: 'overloaded_error' } });
    const fallback = await post('/v1/messages', mainBody(false));
    expect(fallback.status).toBe(529);
    expect(await fallback.json()).toMatchObject({ error: { type: 'overloaded_error' } });
    expect(mock.mainRequests().map((r) => r.status)).toEqual([200, 529]);
  });

  it('lets a responder answer from the request, falling back to the script', async () => {
    mock = await startMockMessagesApi({
      script: [text('scripted')],
      respond: (body, index) => (index === 0 ? text(`saw ${body.messages.length} message(s)`) : undefined),
    });
    const first = (await (await post('/v1/messages', mainBody(false))).json()) as {
      content: { text: string }[];
    };
    const second = (await (await post('/v1/messages', mainBody(false))).json()) as {
      content: { text: string }[];
    };
    expect(first.content[0]!.text).toBe('saw 1 message(s)');
    expect(second.content[0]!.text).toBe('scripted');
  });

  it('holds a hanging request open until close(), and waitForRequest sees it arrive', async () => {
    mock = await startMockMessagesApi({ script: [hang()] });
    const pending = post('/v1/messages', mainBody(true)).then(
      () => 'answered',
      () => 'connection closed',
    );
    const seen = await mock.waitForRequest((r) => r.kind === 'main');
    expect(seen.turn).toEqual({ kind: 'hang' });
    await mock.close();
    mock = undefined;
    expect(await pending).toBe('connection closed');
  });

  it('answers HEAD probes and records unknown routes as 404', async () => {
    mock = await startMockMessagesApi();
    expect((await fetch(`${mock.url}/api/hello`, { method: 'HEAD' })).status).toBe(200);
    const unknown = await fetch(`${mock.url}/v1/other`);
    expect(unknown.status).toBe(404);
    await unknown.body?.cancel();
    expect(mock.requests.map((r) => r.kind)).toEqual(['probe', 'unknown']);
  });
});
