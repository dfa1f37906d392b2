import { STORY_REVISION_KIND_LABEL, type StoryRevision } from '../../../shared/storyRevisions';
import { RevisionHistory } from '../components/RevisionHistory';
import { diffStories } from '../lib/storyDiff';
import { useAppFields } from '../store/StoreContext';
import { RoundDiff } from './RoundDiff';

function describe(r: StoryRevision): string {
  if (r.kind === 'restored' && r.restoredFrom) return `restored from ${r.restoredFrom}`;
  if (r.kind === 'story_regenerated' && r.regeneratedIndex !== undefined)
    return `story ${r.regeneratedIndex + 1} regenerated`;
  return STORY_REVISION_KIND_LABEL[r.kind];
}

/** Every round of the review kept as a revision (as plans keep theirs): compare any two, restore an old one. */
export function StoryRevisionsPanel({ busy }: { busy: boolean }) {
  const { storyRevisions, restoreStoryRevision } = useAppFields('storyRevisions', 'restoreStoryRevision');
  if (!storyRevisions) return null;
  return (
    <section className="plan-section" aria-labelledby="story-revisions-title">
      <h3 id="story-revisions-title">Revisions</h3>
      {/* The round's summary above compares with what was sent (the user's edits included): say why the two differ. */}
      <p className="muted" id="story-revisions-basis">
        Each revision is the stories as they were generated; the edits and rejections you made before
        requesting changes are not in them, so a comparison of revisions can show changes that were yours.
      </p>
      <RevisionHistory
        of="Story"
        revisions={storyRevisions.revisions}
        current={storyRevisions.current}
        describe={describe}
        canRestore={!busy}
        onRestore={(n) => void restoreStoryRevision(n)}
        diff={(from, to) => (
          <RoundDiff
            changes={diffStories(from.stories, to.stories)}
            title={`Changes from revision ${from.number} to revision ${to.number}`}
            listName="Changes between the revisions"
          />
        )}
      />
    </section>
  );
}
