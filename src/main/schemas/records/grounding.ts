/**
 * What a grounded call did in the project (src/shared/grounding.ts), stored with its generation and plan revision:
 * the files the model read, its searches, the calls refused and Puffin's verdict. Paths relative, forward slashes.
 */
import { REFUSAL_REASONS } from '../../../shared/grounding';
import { record, text, texts } from './parts';

const search = record(
  'GroundingSearch',
  {
    tool: { type: 'string', enum: ['Glob', 'Grep'] },
    pattern: text,
    path: {
      ...text,
      description: 'The folder or file searched, relative to the project; absent for the root.',
    },
    glob: { ...text, description: "Grep's file filter (`glob`), when given." },
    matches: { type: 'integer', description: 'How many files the result named (0 for "No files found").' },
  },
  ['path', 'glob'],
);

const refusal = record('GroundingRefusal', {
  tool: text,
  target: { ...text, description: 'The path or command the model asked for, as it asked.' },
  message: { ...text, description: "The CLI's own message, shortened." },
});

const violation = record('GroundingViolation', {
  tool: text,
  target: text,
  reason: { type: 'string', enum: [...REFUSAL_REASONS, 'tool_not_allowed'] },
});

export const groundingRecord = {
  ...record('GroundingRecord', {
    filesRead: { ...texts, description: 'Files read, in the order first read, each once.' },
    searches: { type: 'array', items: search },
    refused: { type: 'array', items: refusal },
    violations: { type: 'array', items: violation },
    toolTurns: { type: 'integer', description: 'Model turns that called a project tool (Read, Glob, Grep).' },
    toolCalls: { type: 'integer', description: 'Tool calls in those turns.' },
  }),
  description:
    'Grounded calls: what the model read in the project (its files, searches and their cost in turns).',
};
