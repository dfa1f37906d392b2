import type { SprintStatus } from '../../../shared/plans';
import { ErrorHelp } from '../components/ErrorHelp';
import { SprintStatusBadge } from '../components/SprintStatusBadge';
import type { SprintAction } from '../store/sprintSlice';
import { useAppFields } from '../store/StoreContext';
import { PlanReview } from './PlanReview';
import { QuestionsPanel } from './QuestionsPanel';
import { SpecsPanel } from './SpecsPanel';
import { LivePlanPreview } from './LivePlanPreview';
import { SprintActivity } from './SprintActivity';
import { StepCancel } from './StepCancel';
import { SprintBudget } from './SprintBudget';
import { ImplementButton } from './board/ImplementButton';
import { TrackerPanel } from './TrackerPanel';

const BUSY_LABEL: Record<SprintAction, string> = {
  create: 'Creating the sprint…',
  analyze: 'Analyzing the stories for open questions…',
  answer: 'Saving answers…',
  generate: 'Generating the plan…',
  refine: 'Refining the plan…',
  regenerate: 'Regenerating the plan item…',
  restore: 'Restoring the revision…',
  approve: 'Approving the plan…',
  specs: 'Generating specs…',
  export: 'Exporting…',
  update: 'Saving…',
};

/** The status changes a sprint offers, in button order, and from which statuses. */
const STATUS_MOVES: { to: SprintStatus; label: string; from: (status: SprintStatus) => boolean }[] = [
  { to: 'closed', label: 'Close sprint', from: (s) => s === 'open' },
  { to: 'open', label: 'Reopen sprint', from: (s) => s !== 'open' },
  { to: 'archived', label: 'Archive sprint', from: (s) => s !== 'archived' },
];

/** One sprint: its stories and status, then questions → plan → specs as far as it has come. */
export function SprintView() {
  const {
    detail,
    sprintBusy: busy,
    sprintError: error,
    openSprint,
    updateSprint,
    analyzeSprint: analyze,
    generatePlan,
    retrySprintAction: retry,
    clearSprintError: clearError,
  } = useAppFields(
    'detail',
    'sprintBusy',
    'sprintError',
    'openSprint',
    'updateSprint',
    'analyzeSprint',
    'generatePlan',
    'retrySprintAction',
    'clearSprintError',
  );

  const back = (
    <button type="button" className="subtle" onClick={() => void openSprint(null)}>
      ← All sprints
    </button>
  );
  const errorView = error && <ErrorHelp error={error} onRetry={() => void retry()} onDismiss={clearError} />;
  if (!detail) {
    return (
      <section className="panel" aria-label="Sprint">
        {back}
        {errorView || <p className="muted">Loading the sprint…</p>}
      </section>
    );
  }

  const { sprint, stories, questions, plan } = detail;
  const editable = sprint.status === 'open';
  const hasQuestions = (questions?.questions.length ?? 0) > 0;
  return (
    <>
      <section className="panel" aria-labelledby="sprint-title">
        {back}
        <h2 id="sprint-title">
          {sprint.title} <SprintStatusBadge status={sprint.status} testId="sprint-status" />
        </h2>
        <ol aria-label="Sprint stories" className="sprint-stories">
          {sprint.storyIds.map((id) => {
            const story = stories.find((s) => s.id === id);
            // A story with assertions can be handed to the coding agent: they judge its work.
            const specified = detail.assertions.some((a) => a.storyId === id && a.assertions.length > 0);
            return (
              <li key={id}>
                {story ? story.title : <span className="muted">{id} (missing)</span>}
                {story && specified && <ImplementButton storyId={id} specified />}
              </li>
            );
          })}
        </ol>
        <div className="row" role="toolbar" aria-label="Sprint actions">
          {!questions && !plan && (
            <button
              type="button"
              className="primary"
              disabled={!editable || busy !== null}
              onClick={() => void analyze()}
            >
              Analyze
            </button>
          )}
          {questions && !hasQuestions && !plan && (
            <button
              type="button"
              className="primary"
              disabled={!editable || busy !== null}
              onClick={() => void generatePlan()}
            >
              Generate plan
            </button>
          )}
          {STATUS_MOVES.filter((m) => m.from(sprint.status)).map((m) => (
            <button
              key={m.to}
              type="button"
              disabled={busy !== null}
              onClick={() => void updateSprint(sprint.id, { status: m.to })}
            >
              {m.label}
            </button>
          ))}
        </div>
        <SprintBudget key={sprint.id} sprint={sprint} disabled={busy !== null} />
        <p className="muted progress-line" role="status" aria-live="polite">
          {busy ? BUSY_LABEL[busy] : ''}
        </p>
        <StepCancel />
        <SprintActivity sprintId={sprint.id} />
        <LivePlanPreview />
        {questions && !hasQuestions && plan && (
          <p className="muted">No open questions: the plan was generated directly. {questions.summary}</p>
        )}
      </section>
      {errorView}
      {hasQuestions && <QuestionsPanel key={questions?.generatedAt} detail={detail} editable={editable} />}
      {plan && <PlanReview detail={detail} editable={editable} />}
      {plan?.approved && <SpecsPanel detail={detail} editable={editable} />}
      <TrackerPanel key={sprint.id} sprint={sprint} />
    </>
  );
}
