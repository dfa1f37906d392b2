import { useState, type ReactNode } from 'react';
import { ColumnHeads } from './ColumnHeads';

/** What every kept revision has (plan revisions, stories review revisions). */
export interface NumberedRevision {
  number: number;
  createdAt: string;
}

interface Props<R extends NumberedRevision> {
  /** What the revisions are of, in the table's name and ids: 'Plan' → "Plan revisions", `plan-diff-from`. */
  of: string;
  revisions: readonly R[];
  current: number;
  describe(r: R): string;
  /** Badges after a revision's number besides "current" (e.g. approved). */
  badges?(r: R): ReactNode;
  canRestore: boolean;
  onRestore(number: number): void;
  /** What changed from one revision to another. */
  diff(from: R, to: R): ReactNode;
}

/** Picks one revision by number (one end of a diff). */
function RevisionSelect(props: {
  id: string;
  label: string;
  value: number;
  numbers: readonly number[];
  onPick: (revision: number) => void;
}) {
  return (
    <>
      <label htmlFor={props.id}>{props.label}</label>
      <select id={props.id} value={props.value} onChange={(e) => props.onPick(Number(e.target.value))}>
        {props.numbers.map((n) => (
          <option key={n} value={n}>
            {n}
          </option>
        ))}
      </select>
    </>
  );
}

/** Every kept revision, newest first, with restore; and the diff of any two (by default the current and the one before). */
export function RevisionHistory<R extends NumberedRevision>(props: Props<R>) {
  const { of, revisions, current } = props;
  // Picks hold for the revision that was current when they were made; a new revision shows the newest diff again.
  const [picks, setPicks] = useState<{ at: number; from: number | null; to: number | null }>({
    at: current,
    from: null,
    to: null,
  });
  const held = picks.at === current ? picks : { at: current, from: null, to: null };
  const pick = (patch: { from?: number; to?: number }) => setPicks({ ...held, ...patch });
  const toN = held.to ?? current;
  const fromN = held.from ?? revisions.filter((r) => r.number < toN).at(-1)?.number ?? toN;
  const fromRev = revisions.find((r) => r.number === fromN);
  const toRev = revisions.find((r) => r.number === toN);
  const numbers = revisions.map((r) => r.number);
  const id = of.toLowerCase().replace(/\W+/g, '-');

  return (
    <>
      <table aria-label={`${of} revisions`} className="revisions-table">
        <ColumnHeads names={['Revision', 'Kind', 'Created', 'Action']} />
        <tbody>
          {[...revisions].reverse().map((r) => (
            <tr key={r.number} aria-current={r.number === current ? 'true' : undefined}>
              <td>
                {r.number}
                {r.number === current && <span className="badge">current</span>}
                {props.badges?.(r)}
              </td>
              <td>{props.describe(r)}</td>
              <td>{new Date(r.createdAt).toLocaleString()}</td>
              <td>
                {r.number !== current && (
                  <button
                    type="button"
                    disabled={!props.canRestore}
                    onClick={() => props.onRestore(r.number)}
                  >
                    Restore revision {r.number}
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {revisions.length > 1 && (
        <div className="row diff-pickers">
          <RevisionSelect
            id={`${id}-diff-from`}
            label="Compare revision"
            value={fromN}
            numbers={numbers}
            onPick={(from) => pick({ from })}
          />
          <RevisionSelect
            id={`${id}-diff-to`}
            label="with revision"
            value={toN}
            numbers={numbers}
            onPick={(to) => pick({ to })}
          />
        </div>
      )}
      {revisions.length > 1 && fromRev && toRev && props.diff(fromRev, toRev)}
    </>
  );
}
