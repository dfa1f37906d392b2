import type { ActionableError } from '../store/types';
import { describeError, type ErrorHelp } from './errorHelp';

/** Next steps for the plans journey's codes; everything else (CLI, login, limits) as in the prompt panel. */
export function describePlanError(err: ActionableError): ErrorHelp {
  const base = describeError(err);
  const fixed = (title: string, next: string): ErrorHelp => ({ ...base, title, next, retry: false });
  switch (err.code) {
    case 'busy':
      return {
        ...base,
        title: 'Already working on this sprint',
        next: 'Wait for the running step, or cancel it, then retry.',
      };
    case 'sprint_closed':
      return fixed('The sprint is not open', 'Press “Reopen sprint” to change it.');
    case 'no_questions':
      return fixed('Not analyzed yet', 'Press “Analyze” first.');
    case 'no_plan':
      return fixed('No plan yet', 'Generate the plan first (answer the questions, then “Generate plan”).');
    case 'not_approved':
      return fixed('Plan not approved', 'Approve the current revision of the plan, then generate specs.');
    case 'plan_graph_invalid':
      return fixed(
        'The plan’s dependencies have issues',
        'Fix the issues listed under Dependencies: refine the plan or regenerate the items concerned.',
      );
    case 'plan_file_mismatch':
      return fixed(
        'The plan does not match the project folder',
        'Refine the plan, or press “Approve anyway (file mismatches)” if the plan is right.',
      );
    case 'not_found':
      return fixed('Not found', 'Reload the sprint from the Sprints list; stories may have been deleted.');
    case 'validation_failed':
    case 'structured_output_retries_exhausted':
    case 'no_structured_output':
      return { ...base, title: "Claude's answer did not match the expected format" };
    case 'cancelled':
      return { ...base, next: 'The results that were complete are kept; run the step again to continue.' };
    default:
      return base;
  }
}
