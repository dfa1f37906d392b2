import { memo, useEffect, useImperativeHandle, useRef, type ReactNode, type Ref } from 'react';
import { BOARD_COLUMN_LABEL, type BoardColumn as Column, type BoardStory } from '../../../../shared/board';
import { useRowVirtualizer } from '../../lib/useRowVirtualizer';
import { BoardCard, CARD_HEIGHT, cardId } from './BoardCard';

export const COLUMN_HEIGHT = 520;

export interface ColumnHandle {
  /** Scrolls the card at `index` into view and focuses it once it is rendered. */
  focusIndex(index: number): void;
}

interface Props {
  column: Column;
  stories: readonly BoardStory[];
  /** Index of the active card in this column, or -1 when the active card is elsewhere. */
  activeIndex: number;
  onActivate(column: Column, index: number): void;
  onOpen(storyId: string): void;
  handle: Ref<ColumnHandle>;
  /** What each card shows under its facts (stable: the column is memoised). */
  cardExtra?: (story: BoardStory) => ReactNode;
}

/** One column of the board: a virtualised list of fixed-height cards, only the visible ones in the DOM. */
export const BoardColumn = memo(function BoardColumn({
  column,
  stories,
  activeIndex,
  onActivate,
  onOpen,
  handle,
  cardExtra,
}: Props) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const wantFocus = useRef<string | null>(null);
  const virtualizer = useRowVirtualizer(stories, scrollRef, CARD_HEIGHT, COLUMN_HEIGHT);

  useImperativeHandle(handle, () => ({
    focusIndex(index) {
      const story = stories[index];
      if (!story) return;
      wantFocus.current = story.id;
      virtualizer.scrollToIndex(index, { align: 'auto' });
      document.getElementById(cardId(story.id))?.focus({ preventScroll: true });
    },
  }));

  // The card may only be rendered after the scroll: focus it then.
  useEffect(() => {
    if (!wantFocus.current) return;
    const el = document.getElementById(cardId(wantFocus.current));
    if (el) {
      el.focus({ preventScroll: true });
      wantFocus.current = null;
    }
  });

  const label = BOARD_COLUMN_LABEL[column];
  return (
    <section className="board-column" aria-label={label} data-testid={`board-column-${column}`}>
      <h3>
        {label} <span className="muted">{stories.length}</span>
      </h3>
      <div ref={scrollRef} className="board-scroll" style={{ height: COLUMN_HEIGHT }}>
        <div
          role="list"
          aria-label={`${label} stories`}
          style={{ height: virtualizer.getTotalSize(), position: 'relative' }}
        >
          {virtualizer.getVirtualItems().map((v) => {
            const story = stories[v.index];
            if (!story) return null;
            return (
              <BoardCard
                key={v.key}
                story={story}
                active={v.index === activeIndex}
                top={v.start}
                position={v.index + 1}
                count={stories.length}
                onFocus={() => onActivate(column, v.index)}
                onOpen={() => onOpen(story.id)}
                extra={cardExtra?.(story)}
              />
            );
          })}
        </div>
      </div>
    </section>
  );
});
