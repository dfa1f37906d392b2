import { useMemo } from 'react';
import { diffPlans, type PlanDiff } from '../../../shared/planDiff';
import type { PlanRevision } from '../../../shared/plans';

type ItemDiff = PlanDiff['items'][number];
type FieldChange = Extract<ItemDiff, { kind: 'changed' }>['changes'][number];

const FIELD: Record<string, string> = {
  title: 'title',
  approach: 'approach',
  complexity: 'complexity',
  notes: 'notes',
  order: 'order',
  filesCreated: 'files created',
  filesModified: 'files modified',
  dependencies: 'dependencies',
};

function show(v: unknown): string {
  return v === '' || v === null || v === undefined ? '(empty)' : String(v);
}

function Change({ c, titleOf }: { c: FieldChange; titleOf(id: string): string }) {
  const label = FIELD[c.field] ?? c.field;
  if ('added' in c) {
    const name = c.field === 'dependencies' ? titleOf : (x: string) => x;
    return (
      <li>
        {label}:{' '}
        {c.added.map((x) => (
          <span key={`+${x}`} className="diff-added">
            +{name(x)}{' '}
          </span>
        ))}
        {c.removed.map((x) => (
          <span key={`-${x}`} className="diff-removed">
            −{name(x)}{' '}
          </span>
        ))}
      </li>
    );
  }
  return (
    <li>
      {label}: <span className="diff-removed">{show(c.from)}</span> →{' '}
      <span className="diff-added">{show(c.to)}</span>
    </li>
  );
}

interface Props {
  from: PlanRevision;
  to: PlanRevision;
  titleOf(storyId: string): string;
}

/** What changed between two revisions: items, shared components, risks and the implementation order. */
export function RevisionDiff({ from, to, titleOf }: Props) {
  const d = useMemo(() => diffPlans(from.plan, to.plan), [from.plan, to.plan]);
  const title = `Changes from revision ${from.number} to revision ${to.number}`;
  return (
    <section className="diff" aria-label={title}>
      <h4>{title}</h4>
      {d.identical ? (
        <p>The two revisions are identical.</p>
      ) : (
        <>
          <ul aria-label="Plan item changes">
            {d.items.map((it) => (
              <li key={`${it.kind}-${it.storyId}`} className={`diff-${it.kind}`}>
                {it.kind === 'added' && <>Added item: {titleOf(it.storyId)}</>}
                {it.kind === 'removed' && <>Removed item: {titleOf(it.storyId)}</>}
                {it.kind === 'changed' && (
                  <>
                    Changed item: {titleOf(it.storyId)}
                    <ul>
                      {it.changes.map((c, i) => (
                        <Change key={i} c={c} titleOf={titleOf} />
                      ))}
                    </ul>
                  </>
                )}
              </li>
            ))}
          </ul>
          {(d.sharedComponents.added.length > 0 ||
            d.sharedComponents.removed.length > 0 ||
            d.sharedComponents.changed.length > 0) && (
            <p>
              Shared components: {d.sharedComponents.added.length} added, {d.sharedComponents.removed.length}{' '}
              removed, {d.sharedComponents.changed.length} changed.
            </p>
          )}
          {(d.risks.added.length > 0 || d.risks.removed.length > 0 || d.risks.changed.length > 0) && (
            <p>
              Risks: {d.risks.added.length} added, {d.risks.removed.length} removed, {d.risks.changed.length}{' '}
              changed.
            </p>
          )}
          {d.implementationOrder && (
            <p>
              Implementation order: {d.implementationOrder.from.map(titleOf).join(' → ')} ⇒{' '}
              {d.implementationOrder.to.map(titleOf).join(' → ')}
            </p>
          )}
        </>
      )}
      {d.unchangedItems.length > 0 && <p className="muted">{d.unchangedItems.length} item(s) unchanged.</p>}
    </section>
  );
}
