/**
 * What an API provider's stream reader makes of one streamed answer, whatever the wire format: the answer's JSON
 * text (message content, or the forced tool's arguments), how the model ended, and the usage it reported. Each
 * reader's `push` returns the fragment of answer text the chunk added ('' for none), which is what the live
 * preview is fed (a `partial` engine event), so the stream is read once.
 */
export type AnswerEnding =
  /** The model finished its answer. */
  | 'complete'
  /** Cut off at the token limit: never used as a (shorter) answer. */
  | 'truncated'
  /** The model declined (a refusal, or the provider blocked the answer). */
  | 'refused'
  /** The stream ended without the model saying it had finished. */
  | 'incomplete';

export interface StreamedAnswer {
  text: string;
  ending: AnswerEnding;
  /** The model's own words (or the provider's reason) when it declined. */
  refusal?: string;
  tokensIn: number | null;
  tokensOut: number | null;
}

export interface StreamReader<Chunk> {
  /** Takes the next chunk; returns the answer text it added. */
  push(chunk: Chunk): string;
  finish(): StreamedAnswer;
}
