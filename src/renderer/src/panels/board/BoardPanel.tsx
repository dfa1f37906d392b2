import { useEffect } from 'react';
import { useAppFields } from '../../store/StoreContext';
import { BoardView } from './BoardView';
import type { BoardStory } from '../../../../shared/board';
import { ImplementBadge } from './ImplementBadge';
import { ImplementButton } from './ImplementButton';
import { TrackerState } from './TrackerState';
import { ListLoadError } from '../../components/ListLoadError';
import { OverlapBadge, StoryTeamNotes } from './TeamBadges';

/** Each card's implement state (one function for every render, so the memoised columns keep their cards). */
const implementBadge = (s: BoardStory) => <ImplementBadge storyId={s.id} />;

/** The board panel: every story from backlog to verified, live while files change, and a Verify button. */
export function BoardPanel() {
  const {
    project,
    board,
    boardLoading: loading,
    verifying,
    loadBoard,
    verifyNow,
    team,
    loadTeam,
  } = useAppFields(
    'project',
    'board',
    'boardLoading',
    'verifying',
    'loadBoard',
    'verifyNow',
    'team',
    'loadTeam',
  );

  useEffect(() => {
    if (project) void Promise.all([loadBoard(), loadTeam()]);
  }, [project, loadBoard, loadTeam]);

  if (!project) return <p className="muted">Open a project to see its board.</p>;
  return (
    <section className="panel" aria-labelledby="board-title">
      <h2 id="board-title">Board</h2>
      <div className="row">
        <button type="button" onClick={() => void verifyNow()} disabled={verifying}>
          {verifying ? 'Verifying…' : 'Verify now'}
        </button>
        <button
          type="button"
          className="subtle"
          onClick={() => void Promise.all([loadBoard(), loadTeam()])}
          disabled={loading}
        >
          Refresh
        </button>
      </div>
      {team && <OverlapBadge overlaps={team.overlaps} />}
      <ListLoadError list="board" what="the board" />
      {board ? (
        <BoardView
          data={board}
          detailActions={(s) => (
            <>
              {team && <StoryTeamNotes storyId={s.id} conflicts={team.conflicts} overlaps={team.overlaps} />}
              <TrackerState storyId={s.id} />
              <ImplementButton storyId={s.id} specified={s.chips.length > 0} />
            </>
          )}
          cardExtra={implementBadge}
        />
      ) : (
        <p className="muted">{loading ? 'Loading the board…' : ''}</p>
      )}
    </section>
  );
}
