import type { ReactNode } from 'react';
import type { AssertionChip, BoardStory } from '../../../../shared/board';
import type { StoryVerdict } from '../../../../shared/verify';
import { formatCost } from '../../lib/format';

export const CARD_HEIGHT = 72;

export const VERDICT_LABEL: Readonly<Record<StoryVerdict, string>> = {
  verified: 'Verified',
  failing: 'Failing',
  regressed: 'Regressed',
  unspecified: 'No assertions',
};

const CHIP_LABEL: Readonly<Record<AssertionChip['status'], string>> = {
  pass: 'passes',
  fail: 'fails',
  error: 'cannot be evaluated',
  none: 'not run yet',
};

export const cardId = (storyId: string) => `board-card-${storyId}`;

/** Chips beyond this many are summarised (+N) so a card keeps its fixed height. */
const MAX_CHIPS = 12;

export function Chips({ chips }: { chips: readonly AssertionChip[] }) {
  const shown = chips.slice(0, MAX_CHIPS);
  return (
    <span className="board-chips" role="list" aria-label="Assertions">
      {shown.map((c) => (
        <span
          key={c.id}
          role="listitem"
          className={`board-chip chip-${c.status}`}
          title={`${c.id}${c.message ? `: ${c.message}` : ''} (${CHIP_LABEL[c.status]})`}
          aria-label={`${c.id} ${CHIP_LABEL[c.status]}`}
        />
      ))}
      {chips.length > shown.length && <span className="muted">+{chips.length - shown.length}</span>}
    </span>
  );
}

interface CardProps {
  story: BoardStory;
  active: boolean;
  top: number;
  position: number;
  count: number;
  onFocus(): void;
  onOpen(): void;
  /** A line under the facts (the panel's: the story's coding agent at work, then its verdict on its branch). */
  extra?: ReactNode;
}

/** One story: title, verdict (a regression stands out), assertion chips and cost. */
export function BoardCard({ story, active, top, position, count, onFocus, onOpen, extra }: CardProps) {
  const regressed = story.verdict === 'regressed';
  return (
    <div
      id={cardId(story.id)}
      role="listitem"
      aria-posinset={position}
      aria-setsize={count}
      aria-label={`${story.title}, ${VERDICT_LABEL[story.verdict]}`}
      tabIndex={active ? 0 : -1}
      className={`board-card${active ? ' active' : ''}${regressed ? ' regressed' : ''}`}
      style={{ height: CARD_HEIGHT, transform: `translateY(${top}px)` }}
      onFocus={(e) => {
        if (e.target === e.currentTarget) onFocus();
      }}
      onClick={onFocus}
      onDoubleClick={onOpen}
    >
      <span className="board-card-title">{story.title}</span>
      <span className="board-card-meta">
        <span className={`badge verdict-${story.verdict}`}>
          {regressed ? '⚠ ' : ''}
          {VERDICT_LABEL[story.verdict]}
        </span>
        <Chips chips={story.chips} />
        {story.costUsd !== null && <span className="muted board-cost">{formatCost(story.costUsd)}</span>}
      </span>
      {extra}
    </div>
  );
}
