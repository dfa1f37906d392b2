import { useEffect } from 'react';
import { useAppFields } from '../../store/StoreContext';
import { BoardView } from './BoardView';
import { ImplementButton } from './ImplementButton';
import { TrackerState } from './TrackerState';
import { ListLoadError } from '../../components/ListLoadError';

/** The board panel: every story from backlog to verified, live while files change, and a Verify button. */
export function BoardPanel() {
  const {
    project,
    board,
    boardLoading: loading,
    verifying,
    loadBoard,
    verifyNow,
  } = useAppFields('project', 'board', 'boardLoading', 'verifying', 'loadBoard', 'verifyNow');

  useEffect(() => {
    if (project) void loadBoard();
  }, [project, loadBoard]);

  if (!project) return <p className="muted">Open a project to see its board.</p>;
  return (
    <section className="panel" aria-labelledby="board-title">
      <h2 id="board-title">Board</h2>
      <div className="row">
        <button type="button" onClick={() => void verifyNow()} disabled={verifying}>
          {verifying ? 'Verifying…' : 'Verify now'}
        </button>
        <button type="button" className="subtle" onClick={() => void loadBoard()} disabled={loading}>
          Refresh
        </button>
      </div>
      <ListLoadError list="board" what="the board" />
      {board ? (
        <BoardView
          data={board}
          detailActions={(s) => (
            <>
              <TrackerState storyId={s.id} />
              <ImplementButton storyId={s.id} specified={s.chips.length > 0} />
            </>
          )}
        />
      ) : (
        <p className="muted">{loading ? 'Loading the board…' : ''}</p>
      )}
    </section>
  );
}
