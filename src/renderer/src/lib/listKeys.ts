/**
 * Where a vertical list's focus goes for a key (ArrowUp/ArrowDown, PageUp/PageDown, Home/End), clamped to the
 * list; null for any other key. `page` is how many rows one PageUp/PageDown moves.
 */
export function listKeyTarget(key: string, index: number, count: number, page: number): number | null {
  const target =
    key === 'ArrowDown'
      ? index + 1
      : key === 'ArrowUp'
        ? index - 1
        : key === 'PageDown'
          ? index + page
          : key === 'PageUp'
            ? index - page
            : key === 'Home'
              ? 0
              : key === 'End'
                ? count - 1
                : null;
  return target === null ? null : Math.max(0, Math.min(count - 1, target));
}
