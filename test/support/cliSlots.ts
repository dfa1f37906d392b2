// How many real-CLI worlds one test file runs at once. A file is one worker process, so a module-level count bounds
// the file: tests beyond the limit wait for a slot instead of starving each other's CLI processes of CPU.

/** PUFFIN_TEST_CLI_SLOTS, default 2 (a world's own CLI calls are bounded further by Puffin's gate). */
export function slotLimit(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.PUFFIN_TEST_CLI_SLOTS);
  return Number.isInteger(n) && n >= 1 ? n : 2;
}

export interface Slots {
  /** Resolves when a slot is free, with the function that frees it (a second call does nothing). */
  take(): Promise<() => void>;
  readonly inUse: number;
}

export function createSlots(limit: number): Slots {
  let inUse = 0;
  const waiting: (() => void)[] = [];
  const grant = (): (() => void) => {
    inUse++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      inUse--;
      waiting.shift()?.();
    };
  };
  return {
    get inUse() {
      return inUse;
    },
    take() {
      if (inUse < limit) return Promise.resolve(grant());
      return new Promise((resolve) => waiting.push(() => resolve(grant())));
    },
  };
}

/** The slots of this test file (worker process). */
export const cliSlots = createSlots(slotLimit());
