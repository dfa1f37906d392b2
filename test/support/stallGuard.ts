// Waits on a real CLI bounded by progress, not by the clock: a loaded machine makes every step slower, but a step
// that is moving (requests reaching the mock, CLI lines, service events) is never cut off. Only a wait that sees no
// progress at all for the stall window fails, and its message says what was awaited.

/** PUFFIN_TEST_STALL_MS, default 60 s: how long a wait may see no progress at all. */
export function stallWindowMs(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.PUFFIN_TEST_STALL_MS);
  return Number.isInteger(n) && n > 0 ? n : 60_000;
}

export class StallError extends Error {
  constructor(what: string, stallMs: number) {
    super(`${what}: no progress for ${stallMs / 1000} s`);
    this.name = 'StallError';
  }
}

/**
 * Settles as `work` does, unless `progress()` (a count that grows while the work moves) stays the same for `stallMs`:
 * then it rejects with a StallError naming `what`.
 */
export function untilStalled<T>(
  work: Promise<T>,
  progress: () => number,
  what: string,
  stallMs: number = stallWindowMs(),
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    let seen = progress();
    let movedAt = Date.now();
    const timer = setInterval(
      () => {
        const now = progress();
        if (now !== seen) {
          seen = now;
          movedAt = Date.now();
        } else if (Date.now() - movedAt >= stallMs) {
          clearInterval(timer);
          reject(new StallError(what, stallMs));
        }
      },
      Math.min(1000, Math.max(10, stallMs / 4)),
    );
    work.then(
      (value) => {
        clearInterval(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearInterval(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

/** The part of a spawned child (execa's subprocess) a guarded wait needs. */
export interface GuardedChild<R> extends Promise<R> {
  stdout?: { on(event: 'data', listener: () => void): unknown } | null;
  stderr?: { on(event: 'data', listener: () => void): unknown } | null;
  kill(signal?: NodeJS.Signals): boolean;
}

/**
 * A child process awaited like `untilStalled`, its own output counting as progress; a stalled child is killed
 * (SIGKILL) before the StallError is thrown, so nothing is left running.
 */
export async function childUntilStalled<R>(
  child: GuardedChild<R>,
  progress: () => number,
  what: string,
  stallMs: number = stallWindowMs(),
): Promise<R> {
  let chunks = 0;
  const count = (): void => void chunks++;
  child.stdout?.on('data', count);
  child.stderr?.on('data', count);
  try {
    return await untilStalled(child, () => chunks + progress(), what, stallMs);
  } catch (error) {
    if (error instanceof StallError) child.kill('SIGKILL');
    throw error;
  }
}
