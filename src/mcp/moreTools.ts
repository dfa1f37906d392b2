/**
 * `--tools all`: the rest of the workflows on the app's own channels (their input schemas are those channels'):
 * accept reviewed drafts, make a sprint, analyze / answer / generate / approve its plan, its specs, export it,
 * implement a story in a worktree.
 * Not offered by default: each definition costs every agent context tokens.
 */
import type { RequestChannel } from '../shared/ipc/contract';
import type { McpTool } from './toolTypes';

const ANY_OBJECT = { type: 'object' as const, properties: {} };

function tool(name: string, channel: RequestChannel, description: string, long = false): McpTool {
  return {
    name,
    channel,
    description,
    outputSchema: ANY_OBJECT,
    ...(long ? { long } : {}),
    text: (v) => JSON.stringify(v).slice(0, 2000),
  };
}

export const MORE_TOOLS: readonly McpTool[] = [
  tool(
    'accept_stories',
    'stories:accept',
    'Adds reviewed story drafts to the backlog (after a human approved them).',
  ),
  tool('create_sprint', 'sprints:create', 'Groups backlog stories into a sprint.'),
  tool(
    'analyze_plan',
    'plan:analyze',
    "Asks the sprint's ambiguity questions (or plans at once when there are none).",
    true,
  ),
  tool('answer_questions', 'plan:answer', "Saves answers to the sprint's ambiguity questions."),
  tool('generate_plan', 'plan:generate', 'Generates the implementation plan of a sprint.', true),
  tool('refine_plan', 'plan:refine', "Refines the sprint's plan with feedback.", true),
  tool('approve_plan', 'plan:approve', "Approves the sprint's current plan revision."),
  tool(
    'generate_specs',
    'plan:specs',
    'Generates the RIS and the assertions of every story of an approved plan.',
    true,
  ),
  tool('export_plan', 'plan:export', 'Writes the sprint as markdown under docs/puffin/.'),
  tool(
    'implement_story',
    'agent:implement',
    'Has the Claude Code CLI implement a story in a git worktree on a new branch; its assertions give the verdict.',
    true,
  ),
];
