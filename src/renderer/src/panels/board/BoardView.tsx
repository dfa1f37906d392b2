import {
  createRef,
  useCallback,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
  type RefObject,
} from 'react';
import './board.css';
import {
  BOARD_COLUMNS,
  groupByColumn,
  type BoardColumn as Column,
  type BoardData,
  type BoardStory,
} from '../../../../shared/board';
import { formatCost } from '../../lib/format';
import { listKeyTarget } from '../../lib/listKeys';
import { CARD_HEIGHT } from './BoardCard';
import { BoardColumn, COLUMN_HEIGHT, type ColumnHandle } from './BoardColumn';
import { BoardDetail } from './BoardDetail';

interface Active {
  column: Column;
  index: number;
}

function firstFilled(groups: Record<Column, unknown[]>): Column {
  return BOARD_COLUMNS.find((c) => groups[c].length > 0) ?? 'backlog';
}

/**
 * Every story from backlog to verified, one virtualised column per stage. Keyboard: ArrowLeft/ArrowRight change
 * column (the nearest non-empty one), ArrowUp/ArrowDown, PageUp/PageDown, Home/End move within it, Enter opens the
 * story's details (assertions and planned vs changed files), Escape closes them.
 */
export function BoardView({
  data,
  detailActions,
  cardExtra,
}: {
  data: BoardData;
  /** What the open story's details offer besides its facts (the panel's Implement button). */
  detailActions?: (story: BoardStory) => ReactNode;
  /** What each card shows under its facts (the panel's implement state); stable across renders. */
  cardExtra?: (story: BoardStory) => ReactNode;
}) {
  const groups = useMemo(() => groupByColumn(data.stories), [data.stories]);
  const [active, setActive] = useState<Active>(() => ({ column: firstFilled(groups), index: 0 }));
  const [openId, setOpenId] = useState<string | null>(null);
  // Stable refs and callbacks: a column re-renders only when its own cards or active card change.
  const handles = useMemo(
    () =>
      Object.fromEntries(BOARD_COLUMNS.map((c) => [c, createRef<ColumnHandle>()])) as Record<
        Column,
        RefObject<ColumnHandle | null>
      >,
    [],
  );
  /** Where the focus was in each column, so ArrowLeft/ArrowRight come back to the same card. */
  const remembered = useRef(new Map<Column, number>());
  const regressed = data.stories.filter((s) => s.verdict === 'regressed').length;

  // The active card may have moved (a live update); keep the index inside its column.
  const column = groups[active.column].length > 0 ? active.column : firstFilled(groups);
  const index = Math.min(active.index, Math.max(0, groups[column].length - 1));

  const go = (next: Active) => {
    remembered.current.set(next.column, next.index);
    setActive(next);
    handles[next.column].current?.focusIndex(next.index);
  };

  const activate = useCallback((c: Column, i: number) => {
    remembered.current.set(c, i);
    setActive({ column: c, index: i });
  }, []);

  const step = (dir: 1 | -1) => {
    let i = BOARD_COLUMNS.indexOf(column) + dir;
    while (i >= 0 && i < BOARD_COLUMNS.length && groups[BOARD_COLUMNS[i]!].length === 0) i += dir;
    const next = BOARD_COLUMNS[i];
    if (next)
      go({ column: next, index: Math.min(remembered.current.get(next) ?? 0, groups[next].length - 1) });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const count = groups[column].length;
    const page = Math.max(1, Math.floor(COLUMN_HEIGHT / CARD_HEIGHT) - 1);
    const target = listKeyTarget(e.key, index, count, page);
    if (target !== null) go({ column, index: target });
    else if (e.key === 'ArrowRight') step(1);
    else if (e.key === 'ArrowLeft') step(-1);
    else if (e.key === 'Enter' && groups[column][index]) setOpenId(groups[column][index]!.id);
    else if (e.key === 'Escape' && openId) setOpenId(null);
    else return;
    e.preventDefault();
  };

  const open = openId ? data.stories.find((s) => s.id === openId) : undefined;
  return (
    <div className="board">
      <p className="muted board-summary" data-testid="board-summary">
        {data.stories.length} stories · {groups.verified.length} verified
        {regressed > 0 && <strong className="board-regressed"> · {regressed} regressed</strong>}
        {data.costPerVerifiedUsd !== null && <> · {formatCost(data.costPerVerifiedUsd)} per verified story</>}
        {data.commit && <> · at {data.commit.slice(0, 12)}</>}
      </p>
      <div className="board-columns" onKeyDown={onKeyDown}>
        {BOARD_COLUMNS.map((c) => (
          <BoardColumn
            key={c}
            column={c}
            stories={groups[c]}
            activeIndex={c === column ? index : -1}
            onActivate={activate}
            onOpen={setOpenId}
            handle={handles[c]}
            cardExtra={cardExtra}
          />
        ))}
      </div>
      {open && (
        <BoardDetail
          story={open}
          sprint={data.sprints.find((s) => s.id === open.sprintId) ?? null}
          onClose={() => setOpenId(null)}
          actions={detailActions?.(open)}
        />
      )}
    </div>
  );
}
