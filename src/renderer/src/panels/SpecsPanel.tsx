import type { Assertion } from '../../../shared/assertions';
import type { SpecStep, SpecsProgress, SprintDetail } from '../../../shared/plans';
import { Markdown } from '../components/Markdown';
import { progressKey } from '../store/sprintSlice';
import { ExportMenu } from './ExportMenu';
import { useAppFields } from '../store/StoreContext';
import { storyTitle } from '../lib/planWords';
import { ColumnHeads } from '../components/ColumnHeads';

const STEP_LABEL: Record<SpecStep, string> = {
  ris: 'RIS',
  assertions: 'Assertions',
  sprint_assertions: 'Sprint assertions',
};

export const NOT_DISCRIMINATING = 'already passes — cannot show the story was done';

function progressText(p: SpecsProgress, titleOf: (id: string) => string): string {
  const who = p.storyId ? ` for ${titleOf(p.storyId)}` : '';
  return `${STEP_LABEL[p.step]}${who}: ${p.status} (${p.done} of ${p.total})${p.message ? ` — ${p.message}` : ''}`;
}

export function AssertionList(props: {
  label: string;
  assertions: Assertion[];
  notDiscriminating?: string[];
}) {
  const weak = new Set(props.notDiscriminating ?? []);
  return (
    <ul className="assertions" aria-label={props.label}>
      {props.assertions.map((a) => (
        <li key={a.id} className="assertion">
          <code>{a.type}</code>
          <span className="target">{a.target}</span>
          <span className="message">{a.message}</span>
          {weak.has(a.id) && <span className="badge badge-error">{NOT_DISCRIMINATING}</span>}
        </li>
      ))}
    </ul>
  );
}

/** What a specs step noted without failing (assertions dropped, unknown stories…). */
function SpecWarnings({ warnings, label }: { warnings: SprintDetail['specWarnings']; label: string }) {
  if (warnings.length === 0) return null;
  return (
    <ul className="warnings" aria-label={label}>
      {warnings.map((w, i) => (
        <li key={i}>
          {STEP_LABEL[w.step]}: {w.message}
        </li>
      ))}
    </ul>
  );
}

/** Where one story's step stands: from this run's progress, else from what is stored. */
function stepState(
  detail: SprintDetail,
  progress: Record<string, SpecsProgress>,
  step: SpecStep,
  storyId: string,
) {
  const p = progress[progressKey({ step, storyId })];
  if (p) return p.status;
  if (detail.specErrors.some((e) => e.storyId === storyId && e.step === step)) return 'failed';
  const has =
    step === 'ris'
      ? detail.ris.some((r) => r.storyId === storyId)
      : detail.assertions.some((a) => a.storyId === storyId);
  return has ? 'done' : 'not started';
}

/** Approved plan → RIS per story → assertions per story → sprint assertions; cancellable, export. */
export function SpecsPanel({ detail, editable = true }: { detail: SprintDetail; editable?: boolean }) {
  const {
    sprintBusy: busy,
    specsProgress: progress,
    lastProgress: last,
    cancellingStep: cancelling,
    generateSpecs: generate,
    cancelStep: cancel,
    exportSprint,
    exportPath,
  } = useAppFields(
    'sprintBusy',
    'specsProgress',
    'lastProgress',
    'cancellingStep',
    'generateSpecs',
    'cancelStep',
    'exportSprint',
    'exportPath',
  );
  const titleOf = (id: string) => storyTitle(detail, id);
  const running = busy === 'specs';
  const ids = detail.sprint.storyIds;
  const sprintAssertions = Object.entries(detail.sprintAssertions ?? {});

  return (
    <section className="panel specs" aria-labelledby="specs-title">
      <h2 id="specs-title">Specs: RIS and assertions</h2>
      <div className="row">
        <button
          type="button"
          className="primary"
          disabled={busy !== null || !editable}
          onClick={() => void generate()}
        >
          Generate specs
        </button>
        {detail.specErrors.length > 0 && (
          <button type="button" disabled={busy !== null || !editable} onClick={() => void generate(true)}>
            Retry failed steps
          </button>
        )}
        {running && (
          <button type="button" disabled={cancelling} onClick={() => void cancel()}>
            {cancelling ? 'Cancelling…' : 'Cancel specs'}
          </button>
        )}
        <ExportMenu disabled={busy !== null} onExport={(format) => void exportSprint(format)} />
      </div>
      <p role="status" aria-live="polite" aria-label="Specs progress" className="progress-line">
        {last ? progressText(last, titleOf) : running ? 'Starting…' : ''}
      </p>
      {exportPath && (
        <p role="status" className="ok-text">
          Exported to <code>{exportPath}</code>
        </p>
      )}
      <table className="specs-table" aria-label="Specs per story">
        <ColumnHeads names={['Story', 'RIS', 'Assertions']} />
        <tbody>
          {ids.map((id) => (
            <tr key={id}>
              <td>{titleOf(id)}</td>
              <td>{stepState(detail, progress, 'ris', id)}</td>
              <td>{stepState(detail, progress, 'assertions', id)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {ids.map((id) => {
        const ris = detail.ris.find((r) => r.storyId === id);
        const a = detail.assertions.find((x) => x.storyId === id);
        const errors = detail.specErrors.filter((e) => e.storyId === id);
        const warnings = detail.specWarnings.filter((w) => w.storyId === id);
        if (!ris && !a && errors.length === 0 && warnings.length === 0) return null;
        const title = titleOf(id);
        return (
          <section key={id} className="story-specs" aria-label={`Specs for ${title}`}>
            <h3>{title}</h3>
            {errors.map((e, i) => (
              <p key={i} className="field-error" role="alert">
                {STEP_LABEL[e.step]} failed ({e.code}): {e.message}
              </p>
            ))}
            <SpecWarnings warnings={warnings} label={`Warnings for ${title}`} />
            {ris && (
              <details open>
                <summary>RIS</summary>
                <Markdown source={ris.markdown} label={`RIS for ${title}`} />
              </details>
            )}
            {a && (
              <AssertionList
                label={`Assertions for ${title}`}
                assertions={a.assertions}
                notDiscriminating={a.notDiscriminating}
              />
            )}
          </section>
        );
      })}
      {sprintAssertions.length > 0 && (
        <section aria-labelledby="sprint-assertions-title">
          <h3 id="sprint-assertions-title">Sprint assertions</h3>
          <SpecWarnings
            warnings={detail.specWarnings.filter((w) => w.storyId === '')}
            label="Warnings for the sprint assertions"
          />
          {sprintAssertions.map(([id, list]) => (
            <AssertionList key={id} label={`Sprint assertions for ${titleOf(id)}`} assertions={list} />
          ))}
        </section>
      )}
    </section>
  );
}
