import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { scratchDir } from '../test/support/scratchDir';

/** The large answer of the end-to-end benches: 50 stories within the stories schema's bounds (≤ 50 stories, descriptions ≤ 4000 chars, ≤ 30 criteria of ≤ 1000), about 290 KB of JSON. */
export function largeStoriesOutput(): { stories: object[] } {
  const stories = Array.from({ length: 50 }, (_, i) => ({
    title: `Story ${i}: export the sprint plan`,
    description:
      `As a developer, I want item ${i} exported as markdown so that reviewers can read it offline. `.repeat(
        35,
      ),
    acceptanceCriteria: Array.from({ length: 12 }, (_, k) =>
      `Criterion ${i}.${k}: the export keeps headings, lists and code blocks intact. `.repeat(3),
    ),
  }));
  return { stories };
}

/**
 * A 2.1.330-shaped transcript (the CLI's envelope on every line) of a ~300 KB stories answer streamed as 20-byte
 * input_json_delta fragments.
 */
export function largeStoriesTranscript(): { file: string; bytes: number } {
  const output = largeStoriesOutput();
  const json = JSON.stringify(output);
  const line = (o: unknown) => JSON.stringify(o);
  // The envelope as the CLI prints it: the session id, then a fresh uuid on every line.
  const session = '39717606-0392-4a93-ab1b-92bf9cd25a91';
  let lineNo = 0;
  const uuid = () => `c55e668e-c166-4e78-b57b-${String(lineNo++).padStart(12, '0')}`;
  const se = (event: unknown) =>
    line({ type: 'stream_event', event, session_id: session, parent_tool_use_id: null, uuid: uuid() });
  const lines = [
    line({
      type: 'system',
      subtype: 'init',
      session_id: session,
      tools: ['StructuredOutput'],
      model: 'claude-sonnet-4-5',
      claude_code_version: '2.1.330',
    }),
    se({ type: 'message_start', message: { id: 'msg_1', role: 'assistant', content: [] } }),
    se({
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 'toolu_1', name: 'StructuredOutput', input: {} },
    }),
  ];
  for (let i = 0; i < json.length; i += 20) {
    lines.push(
      se({
        type: 'content_block_delta',
        index: 0,
        delta: { type: 'input_json_delta', partial_json: json.slice(i, i + 20) },
      }),
    );
  }
  lines.push(
    se({ type: 'content_block_stop', index: 0 }),
    line({
      type: 'assistant',
      message: {
        id: 'msg_1',
        role: 'assistant',
        model: 'claude-sonnet-4-5',
        content: [{ type: 'tool_use', id: 'toolu_1', name: 'StructuredOutput', input: output }],
      },
      session_id: session,
    }),
    line({
      type: 'user',
      message: {
        role: 'user',
        content: [
          { type: 'tool_result', tool_use_id: 'toolu_1', content: 'Structured output provided successfully' },
        ],
      },
      session_id: session,
    }),
    line({
      type: 'result',
      subtype: 'success',
      is_error: false,
      num_turns: 2,
      duration_ms: 900,
      total_cost_usd: 0.02,
      session_id: session,
      result: json,
      structured_output: output,
    }),
  );
  const file = path.join(scratchDir('puffin-bench-'), 'large-stories.jsonl');
  const text = lines.join('\n') + '\n';
  writeFileSync(file, text);
  return { file, bytes: Buffer.byteLength(text) };
}
