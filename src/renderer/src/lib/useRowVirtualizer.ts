import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, type RefObject } from 'react';

/**
 * A virtualizer for a scrolled list of fixed-height rows keyed by id: only the visible rows (plus a few) are
 * rendered. `viewportHeight` is the first layout's guess, so the first paint already has its rows.
 */
export function useRowVirtualizer(
  items: readonly { id: string }[],
  scrollRef: RefObject<HTMLDivElement | null>,
  rowHeight: number,
  viewportHeight: number,
) {
  // Stable while the items are: the virtualizer recomputes every row's offset when this function changes.
  const getItemKey = useCallback((i: number) => items[i]?.id ?? i, [items]);
  return useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan: 3,
    initialRect: { width: 0, height: viewportHeight },
    getItemKey,
  });
}
