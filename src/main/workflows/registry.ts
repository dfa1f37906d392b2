/**
 * Every workflow's definition, by name. Keyed by WorkflowName (src/shared/workflows.ts): a workflow named there
 * without a definition here, or a definition filed under another name, does not compile.
 */
import type { ActionInputOf, ActionOutputOf, ActionWorkflow } from '../../shared/ipc/workflowChannels';
import type { WorkflowName } from '../../shared/workflows';
import { analyzeAmbiguitiesWorkflow } from './analyzeAmbiguities';
import { cliPromptWorkflow } from './cliPrompt';
import type { AnyWorkflowDefinition, Mapped } from './definition';
import { deriveStoriesWorkflow } from './deriveStories';
import { describeCodeWorkflow } from './describeCode';
import { generatePlanWorkflow } from './generatePlan';
import { generateRisWorkflow } from './generateRis';
import { generateSprintAssertionsWorkflow } from './generateSprintAssertions';
import { generateStoryAssertionsWorkflow } from './generateStoryAssertions';
import { generateTitleWorkflow } from './generateTitle';
import { modifyStoriesWorkflow } from './modifyStories';
import { plainPromptWorkflow } from './plainPrompt';
import { refinePlanWorkflow } from './refinePlan';
import { regeneratePlanItemWorkflow } from './regeneratePlanItem';
import { regenerateStoryWorkflow } from './regenerateStory';

/** A workflow reached through its own channel takes that channel's request as input and answers its declared value. */
type ActionTyped<N extends WorkflowName> = N extends ActionWorkflow
  ? {
      readonly prompt: (input: ActionInputOf<N>) => string;
      readonly map: (data: never, input: ActionInputOf<N>) => Mapped<ActionOutputOf<N>>;
    }
  : unknown;

export const WORKFLOWS = {
  deriveStories: deriveStoriesWorkflow,
  modifyStories: modifyStoriesWorkflow,
  regenerateStory: regenerateStoryWorkflow,
  plainPrompt: plainPromptWorkflow,
  generateTitle: generateTitleWorkflow,
  analyzeAmbiguities: analyzeAmbiguitiesWorkflow,
  generatePlan: generatePlanWorkflow,
  refinePlan: refinePlanWorkflow,
  regeneratePlanItem: regeneratePlanItemWorkflow,
  generateRis: generateRisWorkflow,
  generateStoryAssertions: generateStoryAssertionsWorkflow,
  generateSprintAssertions: generateSprintAssertionsWorkflow,
  describeCode: describeCodeWorkflow,
  'cli-prompt': cliPromptWorkflow,
} as const satisfies { [N in WorkflowName]: AnyWorkflowDefinition & { readonly name: N } & ActionTyped<N> };

export type Workflows = typeof WORKFLOWS;
