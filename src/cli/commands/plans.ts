// The plans journey headless, one command per step, each the app's own contract channel:
//   puffin sprint create --project DIR --stories ID1,ID2 [--title T]        data: the Sprint (title generated)
//   puffin plan analyze|answer|generate|refine|regenerate-item|restore|approve|ris|assertions|export
//     --project DIR --sprint ID                                             data: the SprintDetail
//     answer --answers-file F ({"q1": "answer", …}; an empty answer removes one)
//     generate [--answers-file F] (saved before the plan is generated)      refine --feedback-file F
//     regenerate-item --story ID [--feedback-file F]    restore --revision N    approve [--accept-file-mismatches]
//     ris|assertions [--only-missing] (only the calls that failed or never ran: a failed step reruns alone)
//   export writes docs/puffin/<sprint-slug>.md in the project               data: {path}
// source, warnings and meta sum up the model calls the step made (each kept in the project's history).
import type { RequestChannel } from '../../shared/ipc/contract';
import type { CommandSpec, FlagSpec } from '../spec';

/** `--sprint ID`: a full id or a short id, into the request's sprintId. */
export const SPRINT: FlagSpec = {
  flag: 'sprint',
  kind: 'string',
  field: 'sprintId',
  required: true,
  value: 'ID',
  ref: 'sprint',
};
const ANSWERS: FlagSpec = { flag: 'answers-file', kind: 'json-file', field: 'answers', required: true };
/** A failed (or cancelled) specs step reruns alone: only the calls without a good result are made again. */
const ONLY_MISSING: FlagSpec = { flag: 'only-missing', kind: 'boolean', field: 'onlyMissing' };
const FEEDBACK: FlagSpec = { flag: 'feedback-file', kind: 'text-file', field: 'feedback', required: true };

function plan<C extends RequestChannel>(
  name: string,
  summary: string,
  channel: C,
  extra: Partial<CommandSpec<C>> = {},
): CommandSpec<C> {
  return {
    path: ['plan', name],
    summary,
    channel,
    project: true,
    ...extra,
    flags: [SPRINT, ...(extra.flags ?? [])],
  };
}

export const sprintCreateCommand: CommandSpec<'sprints:create'> = {
  path: ['sprint', 'create'],
  summary: 'create a sprint from backlog stories (title generated unless --title)',
  channel: 'sprints:create',
  project: true,
  flags: [
    { flag: 'stories', kind: 'list', field: 'storyIds', required: true, value: 'ID1,ID2', ref: 'story' },
    { flag: 'title', kind: 'string', field: 'title', value: 'T' },
  ],
  // The generated title is stored once the command's work is idle: read the sprint again.
  output: async (sprint, ctx) => ({
    data: (await ctx.call('sprints:get', { sprintId: sprint.id })).sprint,
    source: null,
    warnings: [],
    meta: {},
  }),
};

export const planCommands: CommandSpec[] = [
  plan('analyze', 'ambiguity questions for a sprint; with none, the plan is generated too', 'plan:analyze'),
  plan('answer', "save answers to the sprint's questions (without generating a plan)", 'plan:answer', {
    flags: [ANSWERS],
  }),
  plan(
    'generate',
    'generate a plan revision (with the saved answers, plus --answers-file)',
    'plan:generate',
    {
      flags: [{ ...ANSWERS, required: false }],
      before: ({ answers, ...payload }) => ({
        calls: answers === undefined ? [] : [{ channel: 'plan:answer', payload: { ...payload, answers } }],
        payload,
      }),
    },
  ),
  plan('refine', 'refine the current plan with feedback into a new revision', 'plan:refine', {
    flags: [FEEDBACK],
  }),
  plan(
    'regenerate-item',
    "regenerate one story's plan item into a new revision; every other item is kept as it is",
    'plan:regenerateItem',
    {
      flags: [
        { flag: 'story', kind: 'string', field: 'storyId', required: true, value: 'ID', ref: 'story' },
        { ...FEEDBACK, required: false },
      ],
    },
  ),
  plan(
    'restore',
    'make an earlier revision current again (as a new revision; nothing is lost)',
    'plan:restore',
    {
      flags: [{ flag: 'revision', kind: 'integer', field: 'revision', required: true }],
    },
  ),
  plan(
    'approve',
    'approve the current revision (refused on graph issues; file mismatches need --accept-file-mismatches)',
    'plan:approve',
    { flags: [{ flag: 'accept-file-mismatches', kind: 'boolean', field: 'acceptFileMismatches' }] },
  ),
  plan('ris', 'a RIS per story of the approved plan', 'plan:specs', {
    flags: [ONLY_MISSING],
    fixed: () => ({ steps: ['ris'] }),
  }),
  plan('assertions', 'assertions per story, then the sprint assertions', 'plan:specs', {
    flags: [ONLY_MISSING],
    fixed: () => ({ steps: ['assertions', 'sprint_assertions'] }),
  }),
  plan('export', 'write docs/puffin/<sprint-slug>.md in the project', 'plan:export'),
];
