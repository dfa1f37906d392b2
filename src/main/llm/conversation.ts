/**
 * The turns of a call as every engine sees them, before each maps them to its own message format: the request's
 * earlier turns (a modify or refine round replays the original request and the model's previous answer), the prompt,
 * and, on a retry after a schema-invalid answer, that answer and what was wrong with it. An engine without
 * multi-turn input (the CLI in print mode) gets them as one text.
 */

export interface ConversationTurn {
  role: 'user' | 'assistant';
  content: string;
}

/** The turns one attempt sends: history, then the prompt, then what a retry feeds back. */
export function turnsOf(
  history: readonly ConversationTurn[] | undefined,
  prompt: string,
  feedback: readonly ConversationTurn[] = [],
): ConversationTurn[] {
  return [...(history ?? []), { role: 'user', content: prompt }, ...feedback];
}

/**
 * What is fed back after an answer failed the schema: the answer as the assistant's turn, then the errors. The
 * errors are already bounded (describeErrors); the answer is bounded by the model's own output limit.
 */
export function validationFeedback(answer: unknown, errors: readonly string[]): ConversationTurn[] {
  return [
    { role: 'assistant', content: JSON.stringify(answer) },
    {
      role: 'user',
      content: [
        'Your answer above does not match the required JSON schema:',
        ...errors.map((e) => `- ${e}`),
        'Answer again with the complete corrected JSON, matching the schema exactly.',
      ].join('\n'),
    },
  ];
}

/** The turns as one prompt text, for an engine that takes a single input. Without history: the prompt as it is. */
export function renderTurns(history: readonly ConversationTurn[] | undefined, prompt: string): string {
  if (!history?.length) return prompt;
  const said = history.map((t) =>
    t.role === 'user' ? `### I asked\n${t.content}` : `### You answered\n\`\`\`json\n${t.content}\n\`\`\``,
  );
  return ['## Earlier in this conversation', ...said, '', '## Now', prompt].join('\n\n');
}
