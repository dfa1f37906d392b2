/** IPC handlers of the plans journey: sprints, questions, plan revisions, approval, specs, export. */
import type { Handlers } from '../app/dispatcher';
import type { PlanService } from '../plans/planService';

export type PlanChannel =
  | 'sprints:list'
  | 'sprints:create'
  | 'sprints:update'
  | 'sprints:get'
  | 'plan:analyze'
  | 'plan:answer'
  | 'plan:generate'
  | 'plan:refine'
  | 'plan:regenerateItem'
  | 'plan:restore'
  | 'plan:approve'
  | 'plan:specs'
  | 'plan:cancel'
  | 'plan:export';

export function planHandlers(plans: PlanService): Pick<Handlers, PlanChannel> {
  return {
    'sprints:list': () => plans.list(),
    'sprints:create': (req) => plans.create(req),
    'sprints:update': ({ id, patch }) => plans.update(id, patch),
    'sprints:get': ({ sprintId }) => plans.get(sprintId),
    'plan:analyze': ({ sprintId }) => plans.analyze(sprintId),
    'plan:answer': ({ sprintId, answers }) => plans.answer(sprintId, answers),
    'plan:generate': ({ sprintId }) => plans.generate(sprintId),
    'plan:refine': ({ sprintId, feedback }) => plans.refine(sprintId, feedback),
    'plan:regenerateItem': ({ sprintId, storyId, feedback }) =>
      plans.regenerateItem(sprintId, storyId, feedback),
    'plan:restore': ({ sprintId, revision }) => plans.restore(sprintId, revision),
    'plan:approve': ({ sprintId, acceptFileMismatches }) => plans.approve(sprintId, acceptFileMismatches),
    'plan:specs': ({ sprintId, ...run }) => plans.specs(sprintId, run),
    'plan:cancel': ({ sprintId }) => plans.cancel(sprintId),
    'plan:export': ({ sprintId }) => plans.export(sprintId),
  };
}
