// The sprints of a project headless, each the app's own contract channel:
//   puffin sprint list --project DIR                                   data: the sprints, each with its shortId
//   puffin sprint show --project DIR --sprint ID                       data: the SprintDetail (as plan commands)
//   puffin sprint budget --project DIR --sprint ID (--usd N | --none)  data: the Sprint with its budgetUsd
// A budget caps what the sprint's model calls may cost, as the sprint view's budget field does (`sprints:update`):
// a call that would go past it is refused (budget_exceeded); --none removes the cap.
import { withShortIds } from '../../shared/shortIds';
import type { CommandSpec } from '../spec';
import { SPRINT } from './plans';

const noModel = (data: unknown) => ({ data, source: null, warnings: [], meta: {} });

export const sprintListCommand: CommandSpec<'sprints:list'> = {
  path: ['sprint', 'list'],
  summary: "list the project's sprints (ids, titles, stories, status, budget)",
  channel: 'sprints:list',
  project: true,
  output: (sprints) => noModel(withShortIds(sprints)),
};

export const sprintShowCommand: CommandSpec<'sprints:get'> = {
  path: ['sprint', 'show'],
  summary: 'one sprint with its stories, questions, plan revisions, RIS and assertions',
  channel: 'sprints:get',
  project: true,
  flags: [SPRINT],
  output: (detail) => noModel(detail),
};

export const sprintBudgetCommand: CommandSpec<'sprints:update'> = {
  path: ['sprint', 'budget'],
  summary: "cap what the sprint's model calls may cost in USD (--none removes the cap)",
  channel: 'sprints:update',
  project: true,
  flags: [
    SPRINT,
    { flag: 'usd', kind: 'number', field: 'usd', value: 'N' },
    { flag: 'none', kind: 'boolean', field: 'none' },
  ],
  oneOf: [['usd', 'none']],
  // The value is judged by the contract (a positive number), as the app's budget field is.
  before: ({ sprintId, usd, none }) => ({
    calls: [],
    payload: { id: sprintId, patch: { budgetUsd: none === true ? null : usd } },
  }),
  output: (sprint) => noModel(sprint),
};

export const sprintCommands: CommandSpec[] = [sprintListCommand, sprintShowCommand, sprintBudgetCommand];
