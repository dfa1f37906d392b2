import { useApp } from '../../store/StoreContext';

/**
 * On a story's card: its coding agent at work ("Implementing…"), then the verdict on the branch it worked on. The
 * story's own verdict beside it stays the one of the project's tree: the agent's work is on its branch until merged.
 */
export function ImplementBadge({ storyId }: { storyId: string }) {
  const state = useApp((s) => s.implementing[storyId]);
  if (!state) return null;
  if (state.kind === 'running')
    return (
      <span className="board-card-implement implementing" data-testid="card-implement">
        Implementing…
      </span>
    );
  if (state.kind === 'failed')
    return (
      <span className="board-card-implement" data-testid="card-implement" title={state.message}>
        Not implemented: {state.message}
      </span>
    );
  const { verdict, branch, failing } = state.result;
  const still = failing.map((f) => f.assertion).join(', ');
  return (
    <span
      className={`board-card-implement verdict-${verdict}`}
      data-testid="card-implement"
      title={still ? `Still failing: ${still}` : undefined}
    >
      {verdict === 'verified' ? 'Verified' : 'Failing'} on {branch}
    </span>
  );
}
