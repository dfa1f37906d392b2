/** The pure plan functions (graph, files, item merge, export), reached through one module by the service. */
export { checkPlanGraph } from '../../shared/planGraph';
export { checkPlanFiles, existingPlanPaths } from './fileChecks';
export { mergeRegeneratedItem } from './mergeItem';
export { writeSprintExport } from './exportMarkdown';
