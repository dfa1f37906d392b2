import type { SprintDetail, SprintQuestion } from '../../../shared/plans';
import { textsByIdDraft } from '../lib/drafts';
import { plural } from '../lib/format';
import { useDraftState } from '../lib/useDraft';
import { useApp } from '../store/StoreContext';

const PRIORITY_RANK = { high: 0, medium: 1, low: 2 } as const;

import { storyTitle } from '../lib/planWords';

/** Questions in story order (the sprint's), then by priority within a story. */
function groupByStory(detail: SprintDetail, questions: SprintQuestion[]) {
  const order = [...detail.sprint.storyIds, ...questions.map((q) => q.storyId)];
  const ids = [...new Set(order)].filter((id) => questions.some((q) => q.storyId === id));
  return ids.map((storyId) => ({
    storyId,
    title: storyTitle(detail, storyId),
    questions: questions
      .filter((q) => q.storyId === storyId)
      .sort((a, b) => PRIORITY_RANK[a.priority] - PRIORITY_RANK[b.priority]),
  }));
}

function QuestionField(props: {
  q: SprintQuestion;
  answer: string;
  disabled: boolean;
  onChange(answer: string): void;
}) {
  const { q, answer, disabled, onChange } = props;
  const id = `answer-${q.id}`;
  return (
    <li className="question">
      <p>
        <span className={`badge priority-${q.priority}`}>{q.priority} priority</span>{' '}
        <label htmlFor={id}>
          <strong>{q.question}</strong>
        </label>
      </p>
      <p className="muted">{q.reason}</p>
      {q.suggestions.length > 0 && (
        <div className="row" role="group" aria-label={`Suggestions for: ${q.question}`}>
          {q.suggestions.map((s, i) => (
            <button
              key={i}
              type="button"
              className="suggestion"
              aria-pressed={answer === s}
              disabled={disabled}
              onClick={() => onChange(s)}
            >
              {s}
            </button>
          ))}
        </div>
      )}
      <textarea
        id={id}
        rows={2}
        value={answer}
        disabled={disabled}
        placeholder="Pick a suggestion or write your own answer"
        onChange={(e) => onChange(e.target.value)}
      />
    </li>
  );
}

/**
 * The analysis' questions grouped by story: one-click suggestions, free text, save and generate. Answers not yet
 * saved are a draft (`answers:<sprint>`) that a reload keeps until they are saved.
 */
export function QuestionsPanel({ detail, editable }: { detail: SprintDetail; editable: boolean }) {
  const questions = detail.questions;
  const busy = useApp((s) => s.sprintBusy !== null);
  const saveAnswers = useApp((s) => s.saveAnswers);
  const generatePlan = useApp((s) => s.generatePlan);
  const [answers, setAnswers, clearDraft] = useDraftState(
    `answers:${detail.sprint.id}`,
    textsByIdDraft,
    () => ({ ...questions?.answers }),
  );
  if (!questions) return null;

  const trimmed = Object.fromEntries(
    Object.entries(answers)
      .map(([k, v]) => [k, v.trim()] as const)
      .filter(([k, v]) => v !== '' && questions.questions.some((q) => q.id === k)),
  );
  const answered = Object.keys(trimmed).length;
  const disabled = !editable || busy;
  /** Saved answers are no longer a draft; then the plan, if asked (a failed save keeps the draft). */
  const save = async (thenGenerate: boolean) => {
    if (!(await saveAnswers(trimmed))) return;
    clearDraft();
    if (thenGenerate) await generatePlan();
  };
  return (
    <section className="panel questions" aria-labelledby="questions-title">
      <h2 id="questions-title">Questions</h2>
      <p>{questions.summary}</p>
      <p className="muted" aria-live="polite">
        {answered} of {plural(questions.questions.length, 'question')} answered
      </p>
      {groupByStory(detail, questions.questions).map((g) => (
        <section key={g.storyId} className="question-group" aria-label={`Questions about ${g.title}`}>
          <h3>{g.title}</h3>
          <ol className="question-list">
            {g.questions.map((q) => (
              <QuestionField
                key={q.id}
                q={q}
                answer={answers[q.id] ?? ''}
                disabled={disabled}
                onChange={(a) => setAnswers({ ...answers, [q.id]: a })}
              />
            ))}
          </ol>
        </section>
      ))}
      <div className="row">
        <button type="button" disabled={disabled} onClick={() => void save(false)}>
          Save answers
        </button>
        <button type="button" className="primary" disabled={disabled} onClick={() => void save(true)}>
          {detail.plan ? 'Generate a new plan' : 'Generate plan'}
        </button>
      </div>
    </section>
  );
}
