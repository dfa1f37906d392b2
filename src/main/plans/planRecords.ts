/** Building the stored records of a plan step from a model answer or a request (no I/O). */
import type { AmbiguitiesOutput } from '../../shared/schema-types';
import type { PlanChecks, Sprint, SprintPlan, SprintQuestions } from '../../shared/plans';
import { ServiceError } from '../base/errors';

/** Questions get stable ids; re-analysing keeps the answers of questions asked again word for word. */
export function newQuestions(
  sprintId: string,
  output: AmbiguitiesOutput,
  previous: SprintQuestions | undefined,
  at: Date,
): SprintQuestions {
  const questions = output.questions.map((q, i) => ({ ...q, id: `q${i + 1}` }));
  const answers: Record<string, string> = {};
  for (const q of questions) {
    const old = previous?.questions.find((o) => o.storyId === q.storyId && o.question === q.question);
    const answer = old && previous?.answers[old.id];
    if (answer) answers[q.id] = answer;
  }
  return { sprintId, generatedAt: at.toISOString(), summary: output.summary, questions, answers };
}

/** Merges answers by question id; an empty answer removes one; unknown ids are refused. */
export function mergeAnswers(q: SprintQuestions, answers: Record<string, string>): SprintQuestions {
  const unknown = Object.keys(answers).filter((id) => !q.questions.some((x) => x.id === id));
  if (unknown.length) throw new ServiceError('not_found', `Unknown question id(s): ${unknown.join(', ')}.`);
  const merged = { ...q.answers };
  for (const [id, text] of Object.entries(answers)) {
    if (text.trim()) merged[id] = text;
    else delete merged[id];
  }
  return { ...q, answers: merged };
}

/** The approved plan, or why the current revision cannot be approved. `existed`: its files that exist now. */
export function approvePlan(
  plan: SprintPlan,
  checks: PlanChecks,
  acceptFileMismatches: boolean,
  at: Date,
  existed: string[],
): SprintPlan {
  if (checks.graph.length > 0)
    throw new ServiceError(
      'plan_graph_invalid',
      `The plan cannot be approved: ${checks.graph.map((i) => i.message).join(' ')}`,
      { graph: checks.graph },
    );
  if (checks.files.length > 0 && !acceptFileMismatches)
    throw new ServiceError(
      'plan_file_mismatch',
      `The plan does not match the project folder: ${checks.files.map((i) => i.message).join(' ')} ` +
        'Approve again accepting the mismatches, or refine the plan.',
      { files: checks.files },
    );
  // Approving the approved revision again keeps what existed the first time: the work since is not a mismatch.
  const kept = plan.approved?.revision === plan.current ? plan.approved.existed : undefined;
  return { ...plan, approved: { revision: plan.current, at: at.toISOString(), existed: kept ?? existed } };
}

/** A new open sprint; ids are sortable by creation time and unique enough per project. */
/** `startCommit`: HEAD when the sprint is created (kept only inside a git repository). */
export function newSprint(
  storyIds: readonly string[],
  title: string,
  now: Date,
  startCommit: string | null = null,
): Sprint {
  const at = now.toISOString();
  const id = `sprint-${now.getTime().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;
  const sprint: Sprint = { id, title, storyIds: [...storyIds], status: 'open', createdAt: at, updatedAt: at };
  return startCommit ? { ...sprint, startCommit } : sprint;
}
