import { implementCallId } from '../../../../shared/ipc/agentChannels';
import { CallActivityLine } from '../../components/CallActivityLine';
import { useApp, useAppFields } from '../../store/StoreContext';

/**
 * Implement: the user's Claude Code CLI works on the story in a git worktree on a new branch (the user's own tree is
 * never touched), then the story's assertions give the verdict on that branch.
 */
export function ImplementButton({ storyId, specified }: { storyId: string; specified: boolean }) {
  const { implementing, implementStory, cancelImplement } = useAppFields(
    'implementing',
    'implementStory',
    'cancelImplement',
  );
  const state = implementing[storyId];
  const running = state?.kind === 'running';
  const activity = useApp((s) => s.callActivity[implementCallId(storyId)]);
  return (
    <div className="board-implement" data-testid="implement">
      <button
        type="button"
        onClick={() => void implementStory(storyId)}
        disabled={running || !specified}
        title={specified ? undefined : 'Generate its assertions first: they judge the work.'}
      >
        {running ? 'Implementing…' : 'Implement'}
      </button>
      {running && (
        <button type="button" className="subtle" onClick={() => void cancelImplement(storyId)}>
          Cancel
        </button>
      )}
      {running && activity && <CallActivityLine activity={activity} label={activity.label} />}
      {state?.kind === 'done' && (
        <p role="status">
          <span className={`badge verdict-${state.result.verdict}`}>
            {state.result.verdict === 'verified' ? 'Verified' : 'Failing'}
          </span>{' '}
          on branch <code>{state.result.branch}</code>
          {state.result.failing.length > 0 &&
            `: ${state.result.failing.map((f) => f.assertion).join(', ')} still failing`}
          {` (${state.result.changedFiles.length} files changed, ${state.result.rounds} round${state.result.rounds === 1 ? '' : 's'})`}
        </p>
      )}
      {state?.kind === 'failed' && <p role="status">Not implemented: {state.message}</p>}
    </div>
  );
}
