/**
 * The engine-call limit across processes on one machine: the app, the browser host and headless commands share a
 * folder in the user data (`engine-slots/`) holding at most N slot files, `slot-<k>.json`, each naming its holder.
 * A slot is taken by hard-linking a fully written owner file to its name (atomic, and fails if the name exists), so a
 * slot file is never seen half written. A holder whose process is gone (crashed, killed) is reclaimed by the next
 * process that wants the slot, under a short reclaim guard so two reclaimers never remove a fresh holder. Waiting
 * polls with backoff and ends at once on cancel or shutdown.
 */
import { unlinkSync, readFileSync } from 'node:fs';
import { link, mkdir, readFile, rmdir, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PromptError } from './errors';
import { newOwner, ownerAlive, parseOwner, type SlotOwner } from './slotOwner';

export interface MachineSlot {
  readonly index: number;
  /** Frees the slot; idempotent. */
  release(): void;
}

/** What may stop a wait: the lease's kill (Puffin shutting down). Returns how to stop listening. */
export type OnStop = (stop: () => void) => () => void;

export interface MachineSlotOptions {
  /** First and longest pause between two looks while every slot is held. */
  pollMs?: { min: number; max: number };
  /** A reclaim guard or an unreadable slot file older than this is left over from a crash. */
  staleAfterMs?: number;
  /** false: take slots by exclusive create only, as on a file system without hard links. */
  hardLinks?: boolean;
}

const HELD = new Set<string>();
let exitHook = false;

/** Slot files of this process are removed when it exits normally; a crash leaves them for reclaim. */
function removeOnExit(file: string): void {
  HELD.add(file);
  if (exitHook) return;
  exitHook = true;
  process.on('exit', () => {
    for (const f of HELD) {
      try {
        unlinkSync(f);
      } catch {
        // Already gone or reclaimed.
      }
    }
  });
}

export class MachineSlots {
  private readonly pollMs: { min: number; max: number };
  private readonly staleAfterMs: number;
  private readonly hardLinks: boolean;

  constructor(
    readonly dir: string,
    options: MachineSlotOptions = {},
  ) {
    this.pollMs = options.pollMs ?? { min: 25, max: 250 };
    this.staleAfterMs = options.staleAfterMs ?? 10_000;
    this.hardLinks = options.hardLinks ?? true;
  }

  /** Waits for one of `limit` slots; rejects with `cancelled` when the signal fires or `onStop` stops it. */
  async acquire(limit: number, signal?: AbortSignal, onStop?: OnStop): Promise<MachineSlot> {
    let stopped = false;
    let wake: (() => void) | undefined;
    const stop = () => {
      stopped = true;
      wake?.();
    };
    const offStop = onStop?.(stop);
    signal?.addEventListener('abort', stop, { once: true });
    try {
      let pause = this.pollMs.min;
      for (;;) {
        if (signal?.aborted) throw new PromptError('cancelled');
        if (stopped) throw new PromptError('cancelled', { detail: 'Puffin is shutting down' });
        const slot = await this.tryAcquire(limit);
        if (slot) return slot;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, pause);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        pause = Math.min(this.pollMs.max, pause * 2);
      }
    } finally {
      offStop?.();
      signal?.removeEventListener('abort', stop);
    }
  }

  /** One look at every slot: a free (or reclaimed) one is taken, else null. */
  async tryAcquire(limit: number): Promise<MachineSlot | null> {
    await mkdir(this.dir, { recursive: true });
    const owner = newOwner();
    const draft = path.join(this.dir, `.${owner.token}.owner`);
    await writeFile(draft, JSON.stringify(owner));
    try {
      for (let k = 0; k < limit; k++) {
        const file = this.slotFile(k);
        if (await this.take(draft, file)) return this.held(k, file, owner);
        const holder = await this.holderOf(file);
        if (holder === 'gone' || (holder !== 'busy' && (await this.reclaim(k, holder)))) {
          if (await this.take(draft, file)) return this.held(k, file, owner);
        }
      }
      return null;
    } finally {
      await unlink(draft).catch(() => {});
    }
  }

  private slotFile(k: number): string {
    return path.join(this.dir, `slot-${k}.json`);
  }

  private async take(draft: string, file: string): Promise<boolean> {
    try {
      if (this.hardLinks) {
        await link(draft, file);
        return true;
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    }
    // A file system without hard links: an exclusive create (briefly empty, which holderOf reads as busy).
    try {
      await writeFile(file, await readFile(draft), { flag: 'wx' });
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
      throw error;
    }
  }

  private held(index: number, file: string, owner: SlotOwner): MachineSlot {
    removeOnExit(file);
    let released = false;
    return {
      index,
      release: () => {
        if (released) return;
        released = true;
        HELD.delete(file);
        try {
          // Only our own hold is removed (a slot wrongly reclaimed from us may be someone else's by now).
          if (parseOwner(readFileSync(file, 'utf8'))?.token === owner.token) unlinkSync(file);
        } catch {
          // Already gone.
        }
      },
    };
  }

  /** The holder of a slot file when it is dead (reclaimable), `busy` when alive, `gone` when the file vanished. */
  private async holderOf(file: string): Promise<SlotOwner | 'busy' | 'gone'> {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
    } catch {
      return 'gone';
    }
    const owner = parseOwner(text);
    if (owner) return ownerAlive(owner) ? 'busy' : owner;
    // Slot files are linked complete: an unreadable one was damaged; it is reclaimed once it is old.
    const old = await this.olderThanStale(file);
    return old ? { pid: -1, start: null, token: text } : 'busy';
  }

  /** Removes a dead holder's slot file, if it is still that holder's; true when the slot may now be free. */
  private async reclaim(k: number, dead: SlotOwner): Promise<boolean> {
    const guard = path.join(this.dir, `slot-${k}.reclaim`);
    try {
      await mkdir(guard);
    } catch {
      // Someone else is reclaiming; a guard left by a crash is removed once old, for the next look.
      if (await this.olderThanStale(guard)) await rmdir(guard).catch(() => {});
      return false;
    }
    try {
      const file = this.slotFile(k);
      const text = await readFile(file, 'utf8').catch(() => null);
      if (text === null) return true;
      const now = parseOwner(text);
      if ((now?.token ?? text) !== dead.token) return false; // taken again meanwhile: not ours to remove
      await unlink(file).catch(() => {});
      return true;
    } finally {
      await rmdir(guard).catch(() => {});
    }
  }

  private async olderThanStale(file: string): Promise<boolean> {
    try {
      return Date.now() - (await stat(file)).mtimeMs > this.staleAfterMs;
    } catch {
      return false;
    }
  }
}
