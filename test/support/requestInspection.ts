// Reading the CLI's Messages API requests: which are main-loop turns, what they offer and carry.
import type { MessagesRequestBody, RequestContentBlock, RequestMessage, RequestTool } from './mockTypes';

export const STRUCTURED_OUTPUT_TOOL = 'StructuredOutput';

/**
 * A main-loop turn offers tools; the CLI's auxiliary requests (session titles with a small model,
 * sent by 2.1.186 unless CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC is set) offer none and ask for a
 * JSON answer through `output_config.format`. Both carry the user's prompt, so the prompt alone
 * does not tell them apart.
 */
export function isMainLoopRequest(body: MessagesRequestBody): boolean {
  if (isWarmupRequest(body)) return false;
  if (offersStructuredOutput(body)) return true;
  return (body.tools?.length ?? 0) > 0 && body.output_config?.format === undefined;
}

/**
 * 2.0.x and early 2.1 builds warm their subagents up at start: requests with tools whose only user text is "Warmup".
 * They are no turn of the conversation, so they must not take the script's replies.
 */
export function isWarmupRequest(body: MessagesRequestBody): boolean {
  return body.messages.length === 1 && userText(body).trim() === 'Warmup';
}

export function offersStructuredOutput(body: MessagesRequestBody): boolean {
  return (body.tools ?? []).some((tool) => tool.name === STRUCTURED_OUTPUT_TOOL);
}

/** The name the model must use: the offered StructuredOutput tool, else the conventional name. */
export function structuredOutputToolName(tools: RequestTool[] | undefined): string {
  const offered = (tools ?? []).find((tool) => /structured.?output/i.test(tool.name));
  return offered?.name ?? STRUCTURED_OUTPUT_TOOL;
}

/** The JSON schema the CLI attached to the StructuredOutput tool, if it offered one. */
export function structuredOutputSchema(body: MessagesRequestBody): Record<string, unknown> | undefined {
  return body.tools?.find((tool) => tool.name === STRUCTURED_OUTPUT_TOOL)?.input_schema;
}

function blocksOf(message: RequestMessage): RequestContentBlock[] {
  return typeof message.content === 'string' ? [{ type: 'text', text: message.content }] : message.content;
}

/** All text the user side sent (prompt, reminders, nudges), joined by newlines. */
export function userText(body: MessagesRequestBody): string {
  return body.messages
    .filter((m) => m.role === 'user')
    .flatMap(blocksOf)
    .filter((b) => b.type === 'text' && typeof b.text === 'string')
    .map((b) => b.text)
    .join('\n');
}

/** The tool_result blocks of the last user message (what the CLI reports back after a tool call). */
export function lastToolResults(body: MessagesRequestBody): RequestContentBlock[] {
  const last = [...body.messages].reverse().find((m) => m.role === 'user');
  return last ? blocksOf(last).filter((b) => b.type === 'tool_result') : [];
}

/** The text of a tool_result block, whether sent as a string or as text blocks. */
export function toolResultText(block: RequestContentBlock): string {
  if (typeof block.content === 'string') return block.content;
  if (Array.isArray(block.content)) {
    return (block.content as RequestContentBlock[]).map((b) => b.text ?? '').join('');
  }
  return '';
}
