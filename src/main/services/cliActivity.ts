/**
 * The Claude Code CLI's stream-json events as neutral activity signals (what ActivityMeter counts): turns by
 * message id, tool calls with what they touch, the CLI's own API retries with their wait, tokens per message and
 * the result's totals, and every line raw. Another engine maps its own events to the same signals.
 */
import type { CliEvent } from '../llm/stream';
import type { ActivitySignal } from './activityMeter';
import { rawLineOf } from './rawLineRecorder';

const num = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const obj = (v: unknown): Record<string, unknown> =>
  typeof v === 'object' && v !== null ? (v as Record<string, unknown>) : {};

/** What a tool call is about: its file, path or pattern, when it names one. */
function targetOf(input: unknown): string | undefined {
  const i = obj(input);
  for (const key of ['file_path', 'path', 'pattern', 'query']) if (typeof i[key] === 'string') return i[key];
  return undefined;
}

export function cliSignals(e: CliEvent): ActivitySignal[] {
  const raw: ActivitySignal = { type: 'raw', line: rawLineOf(e) };
  switch (e.kind) {
    case 'init':
      return [raw, { type: 'phase', phase: 'running' }];
    case 'assistant': {
      const tools = e.blocks.flatMap((b): ActivitySignal[] => {
        if (b.type !== 'tool_use' || b.name === 'StructuredOutput') return [];
        const target = targetOf(b.input);
        return [{ type: 'tool', name: b.name, ...(target ? { target } : {}) }];
      });
      return [raw, { type: 'turn', ...(e.messageId ? { id: e.messageId } : {}) }, ...tools];
    }
    case 'stream_event': {
      const id = e.messageId;
      if (e.eventType === 'message_start') {
        const usage = obj(obj(e.event.message).usage);
        const tokensIn = num(usage.input_tokens);
        return [
          raw,
          { type: 'turn', ...(id ? { id } : {}) },
          ...(tokensIn !== undefined ? [{ type: 'usage' as const, ...(id ? { id } : {}), tokensIn }] : []),
        ];
      }
      if (e.eventType === 'message_delta') {
        const tokensOut = num(obj(e.event.usage).output_tokens);
        if (tokensOut !== undefined) return [raw, { type: 'usage', ...(id ? { id } : {}), tokensOut }];
      }
      return [raw];
    }
    case 'system':
      if (e.subtype !== 'api_retry') return [raw];
      return [
        raw,
        {
          type: 'retrying',
          delayMs: num(e.raw.retry_delay_ms) ?? null,
          message: `The API answered ${String(e.raw.error_status ?? 'an error')}; the CLI retries.`,
        },
      ];
    case 'result': {
      const usage = obj(e.usage);
      const tokensIn = num(usage.input_tokens);
      const tokensOut = num(usage.output_tokens);
      return [
        raw,
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
      return [raw];
  }
}
