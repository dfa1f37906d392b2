import type { AssistantEvent, CliEvent, ResultEvent } from '../stream';

/** The model id the CLI puts on messages it made up itself (auth failures, API errors). */
export const SYNTHETIC_MODEL = '<synthetic>';

/**
 * The prose a run ended with, for the deprecated text extractors: the text blocks of the final
 * main-agent assistant message that had any text (blocks of one API call share a message id and arrive
 * as separate lines), plus the result text when it is prose not already included.
 */
export function finalAssistantText(events: CliEvent[], result: ResultEvent | undefined): string {
  const messages = events.filter(
    (e): e is AssistantEvent =>
      e.kind === 'assistant' && e.parentToolUseId === undefined && e.model !== SYNTHETIC_MODEL,
  );
  let lastId: string | undefined;
  let lastIndex = -1;
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.blocks.some((b) => b.type === 'text' && b.text.trim() !== '')) {
      lastIndex = i;
      lastId = messages[i]!.messageId;
      break;
    }
  }
  const parts: string[] = [];
  if (lastIndex >= 0) {
    // Lines of the same API call are contiguous apart from interleaved tool results; gather them by id.
    const group =
      lastId === undefined ? [messages[lastIndex]!] : messages.filter((m) => m.messageId === lastId);
    for (const message of group) {
      for (const block of message.blocks)
        if (block.type === 'text' && block.text.trim() !== '') parts.push(block.text);
    }
  }
  const joined = parts.join('\n');
  const resultText = result && !result.isError ? result.resultText?.trim() : undefined;
  if (resultText && !joined.includes(resultText)) return joined ? `${joined}\n${resultText}` : resultText;
  return joined;
}
