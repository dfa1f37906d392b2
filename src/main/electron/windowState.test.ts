import { EventEmitter } from 'node:events';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { boundsFor, loadWindowState, parseWindowState, trackWindowState, type Rect } from './windowState';

const min = { width: 800, height: 560 };
const laptop: Rect = { x: 0, y: 0, width: 1440, height: 900 };
const external: Rect = { x: 1440, y: 0, width: 2560, height: 1440 };

describe('boundsFor', () => {
  it('opens with the defaults when nothing was saved', () => {
    expect(boundsFor(null, [laptop], min)).toEqual({});
  });

  it('restores the saved rectangle when it is on a display', () => {
    const saved = { bounds: { x: 1600, y: 100, width: 1400, height: 1000 }, maximized: false };
    expect(boundsFor(saved, [laptop, external], min)).toEqual(saved.bounds);
  });

  it('keeps only the size, fitted, when the display it was on is gone', () => {
    const saved = { bounds: { x: 1600, y: 100, width: 2400, height: 1300 }, maximized: false };
    expect(boundsFor(saved, [laptop], min)).toEqual({ width: 1440, height: 900 });
  });

  it('does not count a window whose title bar is off-screen as visible', () => {
    const saved = { bounds: { x: 100, y: -600, width: 1000, height: 700 }, maximized: false };
    expect(boundsFor(saved, [laptop], min)).toEqual({ width: 1000, height: 700 });
  });
});

describe('parseWindowState', () => {
  it.each([
    null,
    'x',
    {},
    { bounds: { x: 0, y: 0, width: 0, height: 10 } },
    { bounds: { x: 0.5, y: 0, width: 9, height: 9 } },
  ])('refuses %j', (v) => expect(parseWindowState(v)).toBeNull());
});

class FakeWindow extends EventEmitter {
  bounds: Rect = { x: 10, y: 20, width: 900, height: 700 };
  maximized = false;
  destroyed = false;
  getNormalBounds() {
    return this.bounds;
  }
  isMaximized() {
    return this.maximized;
  }
  isDestroyed() {
    return this.destroyed;
  }
}

describe('trackWindowState', () => {
  let dir: string;
  beforeEach(async () => (dir = await mkdtemp(join(tmpdir(), 'puffin-window-'))));
  afterEach(() => rm(dir, { recursive: true, force: true }));

  it('saves the bounds on close and they come back on the next start', async () => {
    const file = join(dir, 'window-state.json');
    const win = new FakeWindow();
    const tracker = trackWindowState(win, file, (e) => {
      throw e;
    });
    win.bounds = { x: 50, y: 60, width: 1000, height: 800 };
    win.maximized = true;
    win.emit('close');
    await tracker.flush();
    expect(await loadWindowState(file)).toEqual({ bounds: win.bounds, maximized: true });
  });

  it('saves after a move once flushed, and a corrupt file loads as nothing', async () => {
    const file = join(dir, 'window-state.json');
    const win = new FakeWindow();
    const tracker = trackWindowState(win, file, () => {});
    win.bounds = { x: 1, y: 2, width: 1024, height: 768 };
    win.emit('move');
    await tracker.flush();
    expect(JSON.parse(await readFile(file, 'utf8')).bounds).toEqual(win.bounds);
    await writeFile(file, '{"bounds":');
    expect(await loadWindowState(file)).toBeNull();
  });

  it('reports a failed save instead of throwing', async () => {
    const errors: unknown[] = [];
    const win = new FakeWindow();
    const file = join(dir, 'window-state.json');
    await mkdir(file); // a folder where the file should be: the write cannot succeed
    const tracker = trackWindowState(win, file, (e) => errors.push(e));
    win.emit('close');
    await tracker.flush();
    expect(errors).toHaveLength(1);
  });
});
