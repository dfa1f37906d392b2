/**
 * The Claude Code CLI's stream-json events as neutral engine events for what a call is doing live and for
 * History: every line raw (as History keeps it), turns by message id, tool calls with what they touch, the CLI's
 * own API retries with their wait, tokens per message and the result's totals. (The answer's deltas become
 * `partial` events from CliPartials in cliPartials.ts.)
 */
import type { CliEvent } from './stream';
import type { EngineEvent } from '../provider';

type ActivitySignal = Exclude<EngineEvent, { type: 'partial' }>;

/** An event's line as History and the Activity panel show it: the CLI's own line, or a marker for garbage. */
export function rawLineOf(event: CliEvent): string {
  if (event.kind === 'garbage')
    return JSON.stringify({ type: 'puffin_unparsed_line', line: event.line, error: event.error });
  // The line as the CLI printed it, where the reader kept it (it does for every line it decodes).
  if (event.line !== undefined) return event.line;
  return JSON.stringify(event.raw);
}

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

/** What a tool call is about: its file, path or pattern, when it names one. */
function targetOf(input: unknown): string | undefined {
  const i = obj(input);
  for (const key of ['file_path', 'path', 'pattern', 'query']) if (typeof i[key] === 'string') return i[key];
  return undefined;
}

export function cliActivityEvents(e: CliEvent): ActivitySignal[] {
  // A line that made several events (several tool results) is one raw line.
  const raw: ActivitySignal[] =
    e.kind !== 'garbage' && e.sameLine ? [] : [{ type: 'raw', line: rawLineOf(e) }];
  switch (e.kind) {
    case 'assistant': {
      const tools = e.blocks.flatMap((b): ActivitySignal[] => {
        if (b.type !== 'tool_use' || b.name === 'StructuredOutput') return [];
        const target = targetOf(b.input);
        return [{ type: 'tool', name: b.name, ...(target ? { target } : {}) }];
      });
      return [...raw, { type: 'turn', ...(e.messageId ? { id: e.messageId } : {}) }, ...tools];
    }
    case 'stream_event': {
      const id = e.messageId;
      if (e.eventType === 'message_start') {
        const usage = obj(obj(e.event.message).usage);
        const tokensIn = num(usage.input_tokens);
        return [
          ...raw,
          { type: 'turn', ...(id ? { id } : {}) },
          ...(tokensIn !== undefined ? [{ type: 'usage' as const, ...(id ? { id } : {}), tokensIn }] : []),
        ];
      }
      if (e.eventType === 'message_delta') {
        const tokensOut = num(obj(e.event.usage).output_tokens);
        if (tokensOut !== undefined) return [...raw, { type: 'usage', ...(id ? { id } : {}), tokensOut }];
      }
      return raw;
    }
    case 'system':
      if (e.subtype !== 'api_retry') return raw;
      return [
        ...raw,
        {
          type: 'retrying',
          delayMs: num(e.raw.retry_delay_ms),
          message: `The API answered ${String(e.raw.error_status ?? 'an error')}; the CLI retries.`,
        },
      ];
    case 'result': {
      const usage = obj(e.usage);
      const tokensIn = num(usage.input_tokens);
      const tokensOut = num(usage.output_tokens);
      return [
        ...raw,
        {
          type: 'usage',
          total: true,
          ...(tokensIn !== undefined ? { tokensIn } : {}),
          ...(tokensOut !== undefined ? { tokensOut } : {}),
          ...(e.costUsd !== undefined ? { costUsd: e.costUsd } : {}),
        },
      ];
    }
    default:
      return raw;
  }
}
