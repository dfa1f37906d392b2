import { afterEach, beforeEach, vi } from 'vitest';

/**
 * jsdom has no layout: gives every element a client size (what a virtualizer reads from its scroll element) for
 * each test of the calling file, and restores it afterwards.
 */
export function stubLayout(height: number, width: number): void {
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(height);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(width);
  });
  afterEach(() => vi.restoreAllMocks());
}
