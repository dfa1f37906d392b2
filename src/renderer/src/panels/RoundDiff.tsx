import { useId } from 'react';
import { nothingChanged, type StoryChange, type StoryField } from '../lib/storyDiff';

const FIELD: Record<StoryField, string> = {
  title: 'title',
  description: 'description',
  acceptanceCriteria: 'acceptance criteria',
};

/** What changed between two rounds (or revisions) of stories, story by story. */
export function RoundDiff({
  changes,
  title,
  listName,
}: {
  changes: StoryChange[];
  title: string;
  listName: string;
}) {
  const titleId = useId();
  const shown = changes.filter((c) => c.kind !== 'unchanged');
  const unchanged = changes.length - shown.length;
  return (
    <section className="diff" aria-labelledby={titleId}>
      <h3 id={titleId}>{title}</h3>
      {nothingChanged(changes) ? (
        <p>No story changed.</p>
      ) : (
        <ul aria-label={listName}>
          {shown.map((c, i) => (
            <li key={i} className={`diff-${c.kind}`}>
              {c.kind === 'added' && <>Added: {c.title}</>}
              {c.kind === 'removed' && <>Removed: {c.title}</>}
              {c.kind === 'changed' && (
                <>
                  Changed: {c.title}
                  {c.previousTitle !== undefined && <> (was “{c.previousTitle}”)</>} —{' '}
                  {c.fields.map((f) => FIELD[f]).join(', ')}
                  {(c.criteriaAdded.length > 0 || c.criteriaRemoved.length > 0) && (
                    <ul>
                      {c.criteriaAdded.map((x, j) => (
                        <li key={`a${j}`} className="diff-added">
                          + {x}
                        </li>
                      ))}
                      {c.criteriaRemoved.map((x, j) => (
                        <li key={`r${j}`} className="diff-removed">
                          − {x}
                        </li>
                      ))}
                    </ul>
                  )}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {unchanged > 0 && <p className="muted">{unchanged} unchanged.</p>}
    </section>
  );
}
