import { useAppFields } from '../../store/StoreContext';

/**
 * A story's tracker issue and whether the tracker counts it done, next to Puffin's verdict: closing or reopening it
 * there changes this line, never the verdict, which stays what the assertions say.
 */
export function TrackerState({ storyId }: { storyId: string }) {
  const { board } = useAppFields('board');
  const link = board?.trackerLinks?.[storyId];
  if (!link) return null;
  return (
    <p data-testid="tracker-state">
      Tracker:{' '}
      <a href={link.url} target="_blank" rel="noreferrer">
        {link.key}
      </a>{' '}
      <span className="muted">
        {link.done === null ? '(state not read yet)' : link.done ? 'closed there' : 'open there'}
      </span>
    </p>
  );
}
