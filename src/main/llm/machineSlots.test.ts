// The engine-call limit across processes: child processes contend for the slots in one folder; at no time do more
// than N hold one, and a holder killed with SIGKILL does not keep its slot.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConcurrencyGate } from './gate';
import { MachineSlots } from './machineSlots';
import { ownerAlive, processStart } from './slotOwner';

const CONTENDER = path.resolve(import.meta.dirname, '../../../test/support/slotContender.ts');
let dir = '';
const children: ChildProcess[] = [];

afterEach(async () => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  if (dir) await rm(dir, { recursive: true, force: true });
});

function child(...args: string[]): ChildProcess {
  const c = spawn(process.execPath, ['--import', 'tsx', CONTENDER, ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(c);
  return c;
}

async function exited(c: ChildProcess): Promise<number | null> {
  if (c.exitCode !== null) return c.exitCode;
  const [code] = (await once(c, 'exit')) as [number | null];
  return code;
}

/** The first stdout line of a child that starts with `prefix`. */
async function line(c: ChildProcess, prefix: string): Promise<string> {
  let text = '';
  for await (const chunk of c.stdout!) {
    text += String(chunk);
    const found = text.split('\n').find((l) => l.startsWith(prefix));
    if (found) return found;
  }
  throw new Error(`the child ended without saying "${prefix}"`);
}

/** The most holders at once, from the log's +pid / -pid lines, and how many holds there were. */
function overlap(log: string): { max: number; holds: number } {
  let now = 0;
  let max = 0;
  let holds = 0;
  for (const l of readFileSync(log, 'utf8').split('\n')) {
    if (l.startsWith('+')) {
      holds++;
      max = Math.max(max, ++now);
    } else if (l.startsWith('-')) now--;
  }
  return { max, holds };
}

describe('machine-wide engine slots', () => {
  it.each([1, 2])(
    'three processes with a limit of %i never hold more slots than that at once',
    async (limit) => {
      dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-slots-'));
      const log = path.join(dir, 'holds.log');
      await writeFile(log, '');
      const slots = path.join(dir, 'engine-slots');
      const racers = [1, 2, 3].map(() => child('contend', slots, String(limit), '8', log));
      expect(await Promise.all(racers.map(exited))).toEqual([0, 0, 0]);
      const { max, holds } = overlap(log);
      expect(holds).toBe(24);
      expect(max).toBeLessThanOrEqual(limit);
      expect(max).toBeGreaterThanOrEqual(1);
      // Every slot was given back: nothing left in the folder but the slot files' absence.
      expect([0, 1].filter((k) => existsSync(path.join(slots, `slot-${k}.json`)))).toEqual([]);
    },
  );

  it('reclaims the slot of a holder killed with SIGKILL, and not before', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-slots-'));
    const slots = new MachineSlots(path.join(dir, 'engine-slots'), { pollMs: { min: 2, max: 20 } });
    const holder = child('hold', slots.dir, '1');
    expect(await line(holder, 'held')).toBe('held 0');
    expect(await slots.tryAcquire(1)).toBeNull(); // alive: its slot is not taken
    holder.kill('SIGKILL');
    await exited(holder);
    const slot = await slots.tryAcquire(1);
    expect(slot?.index).toBe(0);
    slot!.release();
    expect(existsSync(path.join(slots.dir, 'slot-0.json'))).toBe(false);
  });

  it('a wait for a slot ends at once on cancel, and on shutdown', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-slots-'));
    const slots = new MachineSlots(path.join(dir, 'engine-slots'));
    const held = await slots.acquire(1);
    const controller = new AbortController();
    const cancelled = slots.acquire(1, controller.signal);
    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ code: 'cancelled' });
    let stop: (() => void) | undefined;
    const stopped = slots.acquire(1, undefined, (s) => ((stop = s), () => {}));
    stop!();
    await expect(stopped).rejects.toMatchObject({ code: 'cancelled', message: /shutting down/ });
    held.release();
    const next = await slots.acquire(1);
    expect(next.index).toBe(0);
    next.release();
  });

  it('two gates (two processes) sharing the folder run one call at a time; killAll ends a machine-wide wait', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-slots-'));
    const folder = path.join(dir, 'engine-slots');
    const app = new ConcurrencyGate(1, new MachineSlots(folder, { pollMs: { min: 2, max: 20 } }));
    const host = new ConcurrencyGate(1, new MachineSlots(folder, { pollMs: { min: 2, max: 20 } }));
    let finish!: () => void;
    let started!: () => void;
    const running = new Promise<void>((resolve) => (started = resolve));
    const first = app.run(() => {
      started();
      return new Promise<void>((resolve) => (finish = resolve));
    });
    await running;
    expect(await new MachineSlots(folder).tryAcquire(1)).toBeNull();
    const order: string[] = [];
    const second = host.run(async () => void order.push('host ran'));
    const third = host.run(async () => void order.push('third ran'));
    finish();
    await first;
    await second;
    expect(order[0]).toBe('host ran');
    await third; // the queued third call ran once the second released
    const blocker = await new MachineSlots(folder).acquire(1);
    const waiting = host.run(async () => void order.push('after kill')); // waits machine-wide
    await host.killAll();
    await expect(waiting).rejects.toMatchObject({ code: 'cancelled' });
    blocker.release();
    expect(order).toEqual(['host ran', 'third ran']);
  });

  it('a live pid that started at another time is a recycled pid, not the holder', () => {
    const start = processStart(process.pid);
    expect(ownerAlive({ pid: process.pid, start, token: 't' })).toBe(true);
    // Where the system says start times (Linux), a different one means another process; elsewhere the pid decides.
    expect(ownerAlive({ pid: process.pid, start: (start ?? 0) + 1, token: 't' })).toBe(start === null);
  });

  it('without hard links, an exclusive create takes the slot the same way', async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'puffin-slots-'));
    const folder = path.join(dir, 'engine-slots');
    const a = new MachineSlots(folder, { hardLinks: false });
    const b = new MachineSlots(folder, { hardLinks: false });
    const held = await a.acquire(1);
    expect(await b.tryAcquire(1)).toBeNull();
    expect((await b.tryAcquire(2))?.index).toBe(1);
    held.release();
    expect((await b.tryAcquire(1))?.index).toBe(0);
  });
});
