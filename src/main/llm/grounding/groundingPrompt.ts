/**
 * What a grounded call tells the model about the project it may read. The tools, their limits and the refusals are
 * the engine's and Puffin's business; the prompt only says how to use them well: look before naming a path, keep
 * the looking short, and do not waste turns on what will be refused. The repo map saves the first searches.
 * (Paths never to touch are project context, in every prompt: see workflows/promptParts.ts.)
 */

export interface GroundingPromptInput {
  /** The rendered repo map, when there is one. */
  repoMap?: string;
}

export function groundingPromptSection(input: GroundingPromptInput = {}): string {
  const lines = [
    '## The project is open for reading',
    'You are working in the project folder. Before you name a file, a function or a convention, look it up: Glob ' +
      'finds files, Grep searches their contents, Read opens one. Reading is all you can do, and only inside the project.',
    '- Name only files you have seen, or files the work will create; never guess a path.',
    '- Keep the looking short: a few targeted searches and reads, then answer.',
    '- Secrets (.env files, keys) and files git ignores are refused; do not ask for them.',
  ];
  if (input.repoMap?.trim()) lines.push('', '## Project map', input.repoMap.trim());
  return lines.join('\n');
}
