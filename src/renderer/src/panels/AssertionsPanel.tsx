import { useEffect, useMemo } from 'react';
import type { Assertion, AssertionResult, StoryAssertionsView } from '../../../shared/assertions';
import { STORE_DIR } from '../../../shared/project';
import { assertionViewsInScope } from '../store/assertionsSlice';
import { useApp, useAppFields } from '../store/StoreContext';
import { ListLoadError, useLoadError } from '../components/ListLoadError';

function StatusBadge({ result }: { result: AssertionResult | undefined }) {
  const status = result?.status ?? 'not run';
  return <span className={`badge badge-${status.replace(' ', '-')}`}>{status}</span>;
}

function AssertionRow({ view, assertion }: { view: StoryAssertionsView; assertion: Assertion }) {
  const result = view.latest[assertion.id];
  const running = useApp((s) => s.assertionRuns.includes(`${view.storyId}/${assertion.id}`));
  const run = useApp((s) => s.runStoryAssertions);
  const open = useApp((s) => s.openAssertionLocation);
  const first = view.firstPassed[assertion.id];
  return (
    <li className="assertion" aria-label={`${assertion.id}: ${assertion.message}`}>
      <StatusBadge result={result} />
      <code>{assertion.type}</code>
      <span className="target">{assertion.target}</span>
      <span className="message">{assertion.message}</span>
      {result && <span className="reason">{result.reason}</span>}
      {result?.location && (
        <button
          type="button"
          className="link"
          onClick={() => void open(result.location!.file, result.location!.line)}
        >
          {result.location.file}:{result.location.line}
        </button>
      )}
      {first && (
        <span className="muted">
          first passed {new Date(first.at).toLocaleString()}
          {first.commit ? ` at ${first.commit.slice(0, 8)}` : ''}
        </span>
      )}
      <button
        type="button"
        disabled={running}
        aria-label={`Run ${assertion.id}`}
        onClick={() => void run(view.storyId, assertion.id)}
      >
        Run
      </button>
    </li>
  );
}

function StoryAssertions({ view }: { view: StoryAssertionsView }) {
  const failingOnly = useApp((s) => s.failingOnly);
  const running = useApp((s) => s.assertionRuns.includes(view.storyId));
  const run = useApp((s) => s.runStoryAssertions);
  const shown = failingOnly
    ? view.assertions.filter((a) => view.latest[a.id] && view.latest[a.id]!.status !== 'pass')
    : view.assertions;
  const name = view.storyTitle ?? view.storyId;
  return (
    <section className="panel" aria-label={`Assertions of ${name}`}>
      <div className="row">
        <h3>{name}</h3>
        {view.lastRun && (
          <span className="muted">
            {view.lastRun.summary.passed}/{view.lastRun.summary.total} passed ·{' '}
            {new Date(view.lastRun.startedAt).toLocaleString()}
          </span>
        )}
        <button
          type="button"
          disabled={running || view.problem !== null}
          onClick={() => void run(view.storyId)}
        >
          {running ? 'Running…' : 'Run all'}
        </button>
      </div>
      {view.problem && (
        <p role="alert" className="field-error">
          {view.problem}
        </p>
      )}
      <ul className="assertions">
        {shown.map((a) => (
          <AssertionRow key={a.id} view={view} assertion={a} />
        ))}
      </ul>
      {view.coverage && (
        <details>
          <summary>
            Coverage: {view.coverage.criteria.length - view.coverage.uncovered.length} of{' '}
            {view.coverage.criteria.length} criteria have assertions
          </summary>
          <ol className="coverage">
            {view.coverage.criteria.map((c) => (
              <li key={c.index} className={c.assertionIds.length === 0 ? 'uncovered' : undefined}>
                {c.text} — {c.assertionIds.length === 0 ? 'no assertion' : c.assertionIds.join(', ')}
              </li>
            ))}
          </ol>
        </details>
      )}
    </section>
  );
}

/** Assertions per story: run all or one, filter failing, open the file location of a result. */
export function AssertionsPanel() {
  const failed = useLoadError('assertions') !== undefined;
  const {
    project,
    assertionViews: allViews,
    assertionSprintId: sprintId,
    sprints,
    setAssertionSprint: setSprint,
    loadSprints,
  } = useAppFields(
    'project',
    'assertionViews',
    'assertionSprintId',
    'sprints',
    'setAssertionSprint',
    'loadSprints',
  );
  const views = useMemo(
    () => assertionViewsInScope({ assertionViews: allViews, assertionSprintId: sprintId, sprints }),
    [allViews, sprintId, sprints],
  );
  const {
    loadAssertions: load,
    runAllAssertions: runAll,
    failingOnly,
    setFailingOnly,
  } = useAppFields('loadAssertions', 'runAllAssertions', 'failingOnly', 'setFailingOnly');
  const busy = useApp((s) => s.assertionRuns.length > 0);

  useEffect(() => {
    if (project) void Promise.all([load(), loadSprints()]);
  }, [project, load, loadSprints]);

  if (!project) return <p className="muted">Open a project to see its assertions.</p>;
  return (
    <>
      <section className="panel" aria-labelledby="assertions-title">
        <h2 id="assertions-title">Assertions</h2>
        <div className="row">
          <label className="inline">
            Sprint{' '}
            <select value={sprintId ?? ''} onChange={(e) => setSprint(e.target.value || null)}>
              <option value="">All stories</option>
              {sprints.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.title}
                </option>
              ))}
            </select>
          </label>
          <button type="button" disabled={busy || views.length === 0} onClick={() => void runAll()}>
            {sprintId ? 'Run all in sprint' : 'Run all stories'}
          </button>
          <label className="inline">
            <input type="checkbox" checked={failingOnly} onChange={(e) => setFailingOnly(e.target.checked)} />{' '}
            Failing only
          </label>
        </div>
        <ListLoadError list="assertions" what="the assertions" />
        {views.length === 0 && !failed && (
          <p className="muted">
            No assertions yet. They are stored per story in {STORE_DIR}/assertions/&lt;story&gt;.json.
          </p>
        )}
      </section>
      {views.map((v) => (
        <StoryAssertions key={v.storyId} view={v} />
      ))}
    </>
  );
}
