import type { Overlap, RecordConflicts } from '../../../../shared/team';

/** The board's overlap badge: work in flight on two branches that touches the same files, named. */
export function OverlapBadge({ overlaps }: { overlaps: readonly Overlap[] }) {
  if (overlaps.length === 0) return null;
  return (
    <details className="team-overlap" aria-label="Overlapping work on other branches">
      <summary>
        <span className="badge verdict-regressed">
          ⚠ Overlap: {overlaps.length} pair{overlaps.length === 1 ? '' : 's'} of branches
        </span>
      </summary>
      <ul>
        {overlaps.map((o) => (
          <li key={o.branches.join('\u0000')}>
            <strong>{o.branches[0]}</strong> and <strong>{o.branches[1]}</strong> both touch{' '}
            {o.files.map((f) => f.path).join(', ')}
            {o.sprints.flat().length > 0 && (
              <span className="muted">
                {' '}
                (
                {o.sprints
                  .flat()
                  .map((s) => `${s.title || s.sprintId} on ${s.branch}`)
                  .join('; ')}
                )
              </span>
            )}
          </li>
        ))}
      </ul>
    </details>
  );
}

const show = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));

/** On a story: the fields a merge found changed on both branches (the other branch's value), and overlaps. */
export function StoryTeamNotes({
  storyId,
  conflicts,
  overlaps,
}: {
  storyId: string;
  conflicts: readonly RecordConflicts[];
  overlaps: readonly Overlap[];
}) {
  const mine = conflicts.filter((c) => c.storyId === storyId);
  const branches = overlaps
    .filter((o) => o.sprints.flat().some((s) => s.storyIds.includes(storyId)))
    .map((o) => o.branches.join(' and '));
  if (mine.length === 0 && branches.length === 0) return null;
  return (
    <div className="team-notes">
      {mine.length > 0 && (
        <div role="group" aria-label="Merge conflicts">
          <span className="badge verdict-regressed">Merge conflict</span>
          <ul>
            {mine.flatMap((c) =>
              c.revisions.flatMap((r) =>
                r.fields.map((f) => (
                  <li key={`${r.id}-${f.field}`}>
                    {c.file} · {f.field || 'the record'}: kept “{show(f.current)}”, the other branch had “
                    {show(f.other)}”
                  </li>
                )),
              ),
            )}
          </ul>
        </div>
      )}
      {branches.length > 0 && <p className="muted">Planned on overlapping branches: {branches.join('; ')}</p>}
    </div>
  );
}
