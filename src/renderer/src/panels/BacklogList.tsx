import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { Story } from '../../../shared/stories';
import { STATUS_LABEL } from '../lib/backlogFilter';
import { listKeyTarget } from '../lib/listKeys';
import { useRowVirtualizer } from '../lib/useRowVirtualizer';

export const ROW_HEIGHT = 40;
const VIEWPORT_HEIGHT = 480;

interface Props {
  stories: readonly Story[];
  selected: ReadonlySet<string>;
  activeIndex: number;
  onActiveChange(index: number): void;
  onToggle(id: string, range: boolean): void;
  onOpen(id: string): void;
  onDeleteSelection(): void;
}

export const rowId = (id: string) => `backlog-row-${id}`;

function isTextField(el: EventTarget): boolean {
  return el instanceof HTMLTextAreaElement || (el instanceof HTMLInputElement && el.type !== 'checkbox');
}

/**
 * The backlog as a virtualized grid: fixed-height rows, only the visible ones (plus overscan) in the DOM.
 * Keyboard: ArrowUp/ArrowDown/Home/End move focus, Space toggles selection (Shift: range), Enter edits,
 * Delete deletes the selection.
 */
export function BacklogList(props: Props) {
  const { stories, selected, activeIndex, onActiveChange, onToggle, onOpen, onDeleteSelection } = props;
  const scrollRef = useRef<HTMLDivElement>(null);
  const wantFocus = useRef(false);
  const virtualizer = useRowVirtualizer(stories, scrollRef, ROW_HEIGHT, VIEWPORT_HEIGHT);
  const items = virtualizer.getVirtualItems();
  const active = stories[activeIndex];
  const activeRendered = items.some((v) => v.index === activeIndex);

  // Moves DOM focus to the active row once the virtualizer has rendered it.
  useEffect(() => {
    if (!wantFocus.current || !active) return;
    const el = document.getElementById(rowId(active.id));
    if (el) {
      el.focus({ preventScroll: true });
      wantFocus.current = false;
    }
  });

  const moveTo = (index: number) => {
    if (stories.length === 0) return;
    const next = Math.max(0, Math.min(stories.length - 1, index));
    wantFocus.current = true;
    onActiveChange(next);
    virtualizer.scrollToIndex(next, { align: 'auto' });
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (isTextField(e.target)) return;
    const onCheckbox = e.target instanceof HTMLInputElement;
    const pageRows = Math.max(1, Math.floor(VIEWPORT_HEIGHT / ROW_HEIGHT) - 1);
    const target = listKeyTarget(e.key, activeIndex, stories.length, pageRows);
    if (target !== null) moveTo(target);
    else if (e.key === ' ') {
      if (onCheckbox || !active) return; // the checkbox toggles itself
      onToggle(active.id, e.shiftKey);
    } else if (e.key === 'Enter') {
      if (!active || e.target instanceof HTMLButtonElement) return;
      onOpen(active.id);
    } else if (e.key === 'Delete') onDeleteSelection();
    else return;
    e.preventDefault();
  };

  return (
    <div
      ref={scrollRef}
      className="backlog-scroll"
      role="grid"
      aria-label="Backlog stories"
      aria-rowcount={stories.length}
      aria-multiselectable="true"
      tabIndex={activeRendered ? -1 : 0}
      onKeyDown={onKeyDown}
      onFocus={(e) => {
        if (e.target === e.currentTarget) moveTo(activeIndex);
      }}
      style={{ height: VIEWPORT_HEIGHT }}
    >
      <div role="presentation" style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {items.map((v) => {
          const st = stories[v.index];
          if (!st) return null;
          const isSelected = selected.has(st.id);
          return (
            <div
              key={v.key}
              id={rowId(st.id)}
              role="row"
              aria-rowindex={v.index + 1}
              aria-selected={isSelected}
              tabIndex={v.index === activeIndex ? 0 : -1}
              className={`backlog-row${isSelected ? ' selected' : ''}${v.index === activeIndex ? ' active' : ''}`}
              style={{ height: ROW_HEIGHT, transform: `translateY(${v.start}px)` }}
              onFocus={(e) => {
                if (e.target === e.currentTarget && v.index !== activeIndex) onActiveChange(v.index);
              }}
              onDoubleClick={() => onOpen(st.id)}
            >
              <div role="gridcell" className="cell-check">
                <input
                  type="checkbox"
                  tabIndex={-1}
                  aria-label={`Select ${st.title}`}
                  checked={isSelected}
                  onChange={(e) => {
                    onActiveChange(v.index);
                    onToggle(st.id, (e.nativeEvent as MouseEvent).shiftKey === true);
                  }}
                />
              </div>
              <div role="gridcell" className="cell-title" title={st.title}>
                {st.title}
              </div>
              <div role="gridcell" className={`cell-status status-${st.status}`}>
                {STATUS_LABEL[st.status]}
              </div>
              <div role="gridcell" className="cell-actions">
                <button type="button" className="subtle" tabIndex={-1} onClick={() => onOpen(st.id)}>
                  Edit<span className="sr-only"> {st.title}</span>
                </button>
              </div>
            </div>
          );
        })}
      </div>
    </div>
  );
}
