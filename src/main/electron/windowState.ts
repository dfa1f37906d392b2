/**
 * The window's size and position, remembered across starts in `<userData>/window-state.json`. A saved position is
 * used only when it is still visible on one of today's displays (a monitor may have been unplugged); otherwise the
 * window opens centred with the saved size, shrunk to fit.
 */
import { readFile } from 'node:fs/promises';
import { writeFileAtomic } from '../base/atomicFile';

export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds: Rect;
  maximized: boolean;
}

/** The part of a window this module needs (BrowserWindow has it). */
export interface TrackedWindow {
  on(event: 'resize' | 'move' | 'close', listener: () => void): unknown;
  getNormalBounds(): Rect;
  isMaximized(): boolean;
  isDestroyed(): boolean;
}

/** How much of the title bar must be on a display for a saved position to count as visible. */
const MIN_VISIBLE = 64;
const SAVE_DELAY_MS = 400;

const isCount = (v: unknown, min: number): v is number => Number.isInteger(v) && (v as number) >= min;

export function parseWindowState(value: unknown): WindowState | null {
  if (typeof value !== 'object' || value === null) return null;
  const { bounds, maximized } = value as Partial<WindowState>;
  if (typeof bounds !== 'object' || bounds === null) return null;
  const { x, y, width, height } = bounds;
  if (!Number.isInteger(x) || !Number.isInteger(y) || !isCount(width, 1) || !isCount(height, 1)) return null;
  return { bounds: { x, y, width, height }, maximized: maximized === true };
}

function overlap(a: Rect, b: Rect): { width: number; height: number } {
  return {
    width: Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x),
    height: Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y),
  };
}

/**
 * The BrowserWindow bounds for a saved state on today's displays' work areas: the saved rectangle when its top
 * strip is visible on a display, else only its size (fitted to the largest display) so Electron centres it.
 */
export function boundsFor(
  state: WindowState | null,
  workAreas: readonly Rect[],
  min: { width: number; height: number },
): Partial<Rect> {
  if (!state) return {};
  const { bounds } = state;
  const titleBar = { ...bounds, height: Math.min(bounds.height, 32) };
  const visible = workAreas.some((area) => {
    const o = overlap(titleBar, area);
    return o.width >= MIN_VISIBLE && o.height > 0;
  });
  if (visible) return bounds;
  const largest = [...workAreas].sort((a, b) => b.width * b.height - a.width * a.height)[0];
  const width = Math.max(min.width, Math.min(bounds.width, largest?.width ?? bounds.width));
  const height = Math.max(min.height, Math.min(bounds.height, largest?.height ?? bounds.height));
  return { width, height };
}

export async function loadWindowState(file: string): Promise<WindowState | null> {
  try {
    return parseWindowState(JSON.parse(await readFile(file, 'utf8')));
  } catch {
    return null; // missing or unreadable: open with the defaults, the next save replaces it
  }
}

/**
 * Saves the window's normal (unmaximized) bounds shortly after it stops moving or resizing, and at once when it
 * closes. `save` failures are reported, never thrown into Electron's event loop.
 */
export function trackWindowState(
  win: TrackedWindow,
  file: string,
  onError: (err: unknown) => void,
): { flush(): Promise<void> } {
  let timer: NodeJS.Timeout | undefined;
  let last: Promise<void> = Promise.resolve();
  const save = () => {
    clearTimeout(timer);
    timer = undefined;
    if (win.isDestroyed()) return last;
    const state: WindowState = { bounds: win.getNormalBounds(), maximized: win.isMaximized() };
    last = writeFileAtomic(file, JSON.stringify(state, null, 2) + '\n').catch(onError);
    return last;
  };
  const later = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void save(), SAVE_DELAY_MS);
  };
  win.on('resize', later);
  win.on('move', later);
  win.on('close', () => void save());
  return { flush: () => (timer ? save() : last) };
}
