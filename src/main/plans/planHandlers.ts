/** Handlers of the plans journey's channels (src/shared/ipc/planChannels.ts): sprints, plans, specs, export. */
import type { planSchemas } from '../../shared/ipc/planChannels';
import type { Handlers } from '../app/dispatcher';
import type { PlanService } from './planService';

export function planHandlers(plans: PlanService): Pick<Handlers, keyof typeof planSchemas> {
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
