/**
 * The pure plan functions another engineer writes, reached through this one module.
 * INTERIM: writeSprintExport (exportMarkdown.ts) has not landed yet; this stand-in has its agreed signature
 * (absolute path of the written file) and is replaced by a re-export when it does.
 */
import type { SprintDetail } from '../../shared/plans';

export { checkPlanGraph } from '../../shared/planGraph';
export { checkPlanFiles } from './fileChecks';
export { mergeRegeneratedItem } from './mergeItem';

export async function writeSprintExport(projectDir: string, detail: SprintDetail): Promise<{ path: string }> {
  void projectDir;
  void detail;
  throw new Error('Export is not available yet.');
}
